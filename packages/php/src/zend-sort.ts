/**
 * zend_sort() (Zend/zend_sort.c): the hybrid insertion sort / quicksort PHP
 * uses for sort(), asort(), ksort(), usort() and friends. PHP's comparisons
 * are not always a total order (mixed numeric and non-numeric strings), so
 * the order of the result depends on the exact sequence of comparisons: this
 * is a step-by-step port, not "any stable sort".
 *
 * PHP 8 sorts are stable: callers pass a comparator that falls back to the
 * original position when the PHP comparison returns 0 (`stableComparator`).
 */

export type Cmp<T> = (a: T, b: T) => number;

/** Sorts `arr` in place exactly like zend_sort(). */
export function zendSort<T>(arr: T[], cmp: Cmp<T>): void {
  sortRange(arr, 0, arr.length, cmp);
}

function swap<T>(arr: T[], i: number, j: number): void {
  const t = arr[i]!;
  arr[i] = arr[j]!;
  arr[j] = t;
}

function sort2<T>(arr: T[], a: number, b: number, cmp: Cmp<T>): void {
  if (cmp(arr[a]!, arr[b]!) > 0) swap(arr, a, b);
}

function sort3<T>(arr: T[], a: number, b: number, c: number, cmp: Cmp<T>): void {
  if (!(cmp(arr[a]!, arr[b]!) > 0)) {
    if (!(cmp(arr[b]!, arr[c]!) > 0)) return;
    swap(arr, b, c);
    if (cmp(arr[a]!, arr[b]!) > 0) swap(arr, a, b);
    return;
  }
  if (!(cmp(arr[c]!, arr[b]!) > 0)) {
    swap(arr, a, c);
    return;
  }
  swap(arr, a, b);
  if (cmp(arr[b]!, arr[c]!) > 0) swap(arr, b, c);
}

function sort4<T>(arr: T[], a: number, b: number, c: number, d: number, cmp: Cmp<T>): void {
  sort3(arr, a, b, c, cmp);
  if (cmp(arr[c]!, arr[d]!) > 0) {
    swap(arr, c, d);
    if (cmp(arr[b]!, arr[c]!) > 0) {
      swap(arr, b, c);
      if (cmp(arr[a]!, arr[b]!) > 0) swap(arr, a, b);
    }
  }
}

function sort5<T>(arr: T[], a: number, b: number, c: number, d: number, e: number, cmp: Cmp<T>): void {
  sort4(arr, a, b, c, d, cmp);
  if (cmp(arr[d]!, arr[e]!) > 0) {
    swap(arr, d, e);
    if (cmp(arr[c]!, arr[d]!) > 0) {
      swap(arr, c, d);
      if (cmp(arr[b]!, arr[c]!) > 0) {
        swap(arr, b, c);
        if (cmp(arr[a]!, arr[b]!) > 0) swap(arr, a, b);
      }
    }
  }
}

/** zend_insert_sort() on arr[start, start + n) */
function insertSort<T>(arr: T[], start: number, n: number, cmp: Cmp<T>): void {
  switch (n) {
    case 0:
    case 1:
      return;
    case 2:
      sort2(arr, start, start + 1, cmp);
      return;
    case 3:
      sort3(arr, start, start + 1, start + 2, cmp);
      return;
    case 4:
      sort4(arr, start, start + 1, start + 2, start + 3, cmp);
      return;
    case 5:
      sort5(arr, start, start + 1, start + 2, start + 3, start + 4, cmp);
      return;
  }
  const end = start + n;
  const sentry = start + 6;
  for (let i = start + 1; i < sentry; i++) {
    let j = i - 1;
    if (!(cmp(arr[j]!, arr[i]!) > 0)) continue;
    while (j !== start) {
      j--;
      if (!(cmp(arr[j]!, arr[i]!) > 0)) {
        j++;
        break;
      }
    }
    for (let k = i; k > j; k--) swap(arr, k, k - 1);
  }
  for (let i = sentry; i < end; i++) {
    let j = i - 1;
    if (!(cmp(arr[j]!, arr[i]!) > 0)) continue;
    for (;;) {
      j -= 2;
      if (!(cmp(arr[j]!, arr[i]!) > 0)) {
        j++;
        if (!(cmp(arr[j]!, arr[i]!) > 0)) j++;
        break;
      }
      if (j === start) break;
      if (j === start + 1) {
        j--;
        if (cmp(arr[i]!, arr[j]!) > 0) j++;
        break;
      }
    }
    for (let k = i; k > j; k--) swap(arr, k, k - 1);
  }
}

function sortRange<T>(arr: T[], base: number, nmemb: number, cmp: Cmp<T>): void {
  for (;;) {
    if (nmemb <= 16) {
      insertSort(arr, base, nmemb, cmp);
      return;
    }
    const start = base;
    const end = start + nmemb;
    const offset = nmemb >>> 1;
    let pivot = start + offset;
    if (nmemb >>> 10) {
      const delta = offset >>> 1;
      sort5(arr, start, start + delta, pivot, pivot + delta, end - 1, cmp);
    } else {
      sort3(arr, start, pivot, end - 1, cmp);
    }
    swap(arr, start + 1, pivot);
    pivot = start + 1;
    let i = pivot + 1;
    let j = end - 1;
    partition: for (;;) {
      while (cmp(arr[pivot]!, arr[i]!) > 0) {
        i++;
        if (i === j) break partition;
      }
      j--;
      if (j === i) break;
      while (cmp(arr[j]!, arr[pivot]!) > 0) {
        j--;
        if (j === i) break partition;
      }
      swap(arr, i, j);
      i++;
      if (i === j) break;
    }
    swap(arr, pivot, i - 1);
    if (i - 1 - start < end - i) {
      sortRange(arr, start, i - start - 1, cmp);
      base = i;
      nmemb = end - i;
    } else {
      sortRange(arr, i, end - i, cmp);
      base = start;
      nmemb = i - start - 1;
    }
  }
}

/** An element with its original position, for PHP 8's stable fallback. */
export interface Positioned<T> {
  item: T;
  pos: number;
}

/** RETURN_STABLE_SORT: the PHP comparison, then the original order when it says "equal". */
export function stableComparator<T>(cmp: Cmp<T>): Cmp<Positioned<T>> {
  return (a, b) => {
    const r = cmp(a.item, b.item);
    if (r) return r;
    return a.pos > b.pos ? 1 : a.pos < b.pos ? -1 : 0;
  };
}

/** Stable zend_sort of a list of items: returns a new array. */
export function phpStableSort<T>(items: readonly T[], cmp: Cmp<T>): T[] {
  const wrapped = items.map((item, pos) => ({ item, pos }));
  zendSort(wrapped, stableComparator(cmp));
  return wrapped.map((w) => w.item);
}
