/** {uuid} and {lottery}: identifiers and random draws through the engine's seedable random. */

import type { Value } from '@sumi/php';
import { capArray, copyValue, PhpArray, toInt, toStr } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { describe } from '../plugin/attributes';
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
  examples: [
    { template: '{lottery var=w ids=$ids cnt=2}{$w|@count}', data: { ids: [1, 2, 3] }, output: '2' },
  ],
  run(ctx, a) {
    const ids = a.ids as PhpArray;
    if (!(ids instanceof PhpArray))
      fail(ErrorCodes.ATTRIBUTE_TYPE, {
        tag: 'lottery',
        attribute: 'ids',
        expected: 'an array',
        got: describe(ids),
      });
    const exclude = new Set(
      a.exclude_ids instanceof PhpArray ? [...a.exclude_ids.values()].map((v) => toStr(v)) : [],
    );
    const times = Math.max(1, Number(toInt(a.duplicate)));
    const kept = ids.values().filter((id) => !exclude.has(toStr(id)));
    // every kept id `duplicate` times: the pool's size is checked before it is built
    capArray(kept.length * times);
    const pool: Value[] = [];
    for (const id of kept) for (let i = 0; i < times; i++) pool.push(copyValue(id));
    const out: Value[] = [];
    const cnt = Math.max(0, Number(toInt(a.cnt)));
    while (out.length < cnt && pool.length)
      out.push(pool.splice(ctx.services.random.int(0, pool.length - 1), 1)[0]!);
    ctx.assign(a.var as string, PhpArray.fromList(out));
  },
});
