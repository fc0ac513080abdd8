/**
 * Scaling checks shared by the packages' tests: does work grow linearly with its input? Four times
 * the input should take about four times as long; a quadratic step would take sixteen. Times are the
 * best of five runs, compared as a ratio, so no assertion depends on the speed of the machine.
 */

/** the best of five timings of `run`, in milliseconds */
export function best(run: () => void): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    run();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/** how much longer `run(4n)` takes than `run(n)` */
export function growth(run: (n: number) => void, n: number): number {
  const small = best(() => run(n));
  const big = best(() => run(4 * n));
  return big / Math.max(small, 1);
}

/** the bound for "linear": 4 expected, 16 for quadratic; the margin absorbs GC and a busy machine */
export const LINEAR = 12;
