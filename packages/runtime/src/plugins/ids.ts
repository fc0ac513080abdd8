/** {uuid} and {lottery}: identifiers and random draws through the engine's seedable random. */

import type { Value } from '@sumi/php';
import { copyValue, PhpArray, toInt, toStr } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const uuid: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'uuid',
  group: 'Variables and arrays',
  description: 'A random (version 4) UUID, from the engine random service (seedable for tests).',
  attributes: { var: { type: 'varname', required: true, description: 'receives the UUID' } },
  examples: [{ template: '{uuid var=id}{$id|strlen}', output: '36' }],
  run(ctx, a) {
    const r = ctx.services.random;
    let hex = '';
    for (let i = 0; i < 32; i++) hex += r.int(0, 15).toString(16);
    const v = (r.int(0, 3) + 8).toString(16);
    ctx.assign(
      a.var as string,
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${v}${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
    );
  },
});

/** at most this many ids are drawn by one call: a bigger list would only exhaust memory */
const MAX_DRAWS = 1_000_000;

/**
 * Copies of n items, `times` each, in order, as counts in a Fenwick tree: `take(r)` removes the copy
 * at position r of the list of all remaining copies and says whose copy it was, in O(log n).
 */
class CountedPool {
  private readonly tree: Float64Array;
  total: number;

  constructor(
    readonly n: number,
    times: number,
  ) {
    this.tree = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) {
      this.tree[i] += times;
      const j = i + (i & -i);
      if (j <= n) this.tree[j] += this.tree[i]!;
    }
    this.total = n * times;
  }

  take(r: number): number {
    let pos = 0;
    let rest = r;
    for (let step = 1 << Math.floor(Math.log2(Math.max(1, this.n))); step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.n && this.tree[next]! <= rest) {
        pos = next;
        rest -= this.tree[next]!;
      }
    }
    for (let i = pos + 1; i <= this.n; i += i & -i) this.tree[i] -= 1;
    this.total--;
    return pos;
  }
}

export const lottery: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'lottery',
  group: 'Variables and arrays',
  description:
    'Draws `cnt` ids at random from `ids`, leaving out `exclude_ids`. `duplicate` is how many times one id may be drawn (default 1: no repeats). The draw stops early when the pool runs out.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the list of drawn ids' },
    ids: { type: 'array', required: true, description: 'candidate ids' },
    cnt: { type: 'integer', default: 1, description: 'number of ids to draw' },
    duplicate: { type: 'integer', default: 1, description: 'times the same id may be drawn' },
    exclude_ids: { type: 'array', description: 'ids never drawn (compared as strings, like array_diff)' },
  },
  limits: [`at most ${MAX_DRAWS} draws per call`],
  examples: [
    { template: '{lottery var=w ids=$ids cnt=2}{$w|@count}', data: { ids: [1, 2, 3] }, output: '2' },
  ],
  run(ctx, a) {
    // (array) cast: "1,2" is the one id "1,2"; given as null (an undefined variable) there is nothing to draw
    const ids = a.ids ?? new PhpArray();
    const exclude = new Set(
      a.exclude_ids instanceof PhpArray ? [...a.exclude_ids.values()].map((v) => toStr(v)) : [],
    );
    const candidates: Value[] = [];
    for (const id of ids.values()) if (!exclude.has(toStr(id))) candidates.push(id);
    // each candidate stands `times` times in the pool; the pool is counted, not built, so a huge
    // `duplicate` costs nothing (the sum of the counts stays exact below 2^53)
    const times = Math.min(
      Math.max(1, Number(toInt(a.duplicate))),
      Math.floor(Number.MAX_SAFE_INTEGER / Math.max(1, candidates.length)),
    );
    const cnt = Math.max(0, Number(toInt(a.cnt)));
    const draws = Math.min(cnt, candidates.length * times);
    if (draws > MAX_DRAWS) {
      fail(
        ErrorCodes.PLUGIN_ERROR,
        { plugin: 'lottery', message: `'cnt' asks for more than ${MAX_DRAWS} draws` },
        'draw fewer ids, or fewer copies of each (duplicate)',
      );
    }
    const pool = new CountedPool(candidates.length, times);
    const out: Value[] = [];
    // the same draws as taking a random position of the list of all copies and removing it
    for (let k = 0; k < draws; k++) {
      const i = pool.take(ctx.services.random.int(0, pool.total - 1));
      out.push(copyValue(candidates[i]!));
    }
    ctx.assign(a.var as string, PhpArray.fromList(out));
  },
});
