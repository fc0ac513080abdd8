/**
 * The host a render lends the PHP functions (see @sumi/php's host.ts): the render's size caps, its
 * memory budget and the engine's caches. The memory budget is measured, not tallied: growth sites
 * add what they build to `allocated`, and once that passes `measureAt` the render's variables and
 * captures are walked and their size compared with the budget. The next walk comes after as much
 * new growth as twice what was found (at least 256 KiB, at most what is left of the budget), so walking
 * costs a constant factor of the growth, and the total never passes the budget by more than one
 * operation's worth before it is caught.
 */
import {
  type BoundedCache,
  estimateBytes,
  type Host,
  type HostLimits,
  LimitError,
  type Value,
} from '@sumi/php';
import { checkTime, type RenderShared } from './state';

const MIN_STRIDE = 256 * 1024;

export class RenderHost implements Host {
  allocated = 0;
  measureAt: number;
  pregError = 0;
  /** set when the render ends: a late call from code that is not the render's measures nothing */
  done = false;

  constructor(
    readonly limits: HostLimits,
    readonly cache: BoundedCache,
    private readonly shared: RenderShared,
    memoryLimit: number,
  ) {
    this.measureAt = Math.min(MIN_STRIDE * 4, memoryLimit);
  }

  measure(): void {
    this.allocated = 0;
    if (this.done) {
      this.measureAt = Number.POSITIVE_INFINITY;
      return;
    }
    const shared = this.shared;
    // building big values is where a single call spends its time: the clock is read here too
    checkTime(shared);
    const limit = shared.memoryLimit;
    const used = estimateBytes(roots(shared), limit);
    if (used > limit) throw new LimitError('memory', used, limit);
    this.measureAt = Math.max(MIN_STRIDE, Math.min(Math.max(2 * used, 4 * MIN_STRIDE), limit - used));
  }
}

function* roots(shared: RenderShared): Iterable<Value> {
  for (const frame of shared.frames) yield* frame.held();
}
