/** {assign_favorite_cnt}: how many likes a record (or each record of a module) has. */
import { PhpArray, phpDate, strtotime, toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { DATA_GROUP, MODULE_TYPES, spendRows, storeOf } from './common';
import { moduleIdOf, moduleTypeOf } from './favorites';

const NAME = 'assign_favorite_cnt';

export const assignFavoriteCnt: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Counts the likes (favourites of action type 0) of a record into `var`. `time` (a strtotime expression such as '-7 days' or '2026-10-01') counts only likes made since then. `format` (a date() format such as 'Y-m-d' or 'Y-m') counts by period instead: `var` gets an array period => count, oldest period first, for the periods that have likes. Without `module_id` every record of the module type is counted: `var` gets an array module_id => count (or module_id => [period => count] with `format`), the most liked first (ties by id).",
  attributes: {
    module_type: {
      type: 'string',
      default: 'topics',
      description: `the module: ${MODULE_TYPES.join(', ')}`,
    },
    module_id: { type: 'integer', description: 'the record; absent: every record of the module type' },
    var: { type: 'varname', required: true, description: 'receives the count' },
    time: { type: 'string', description: "count likes since then (strtotime: '-7 days', '2026-10-01')" },
    format: {
      type: 'string',
      description: "count by period: a date() format ('Y-m-d' by day, 'Y-m' by month)",
    },
  },
  result:
    'an int in `var`; an array period => count with `format`; an array module_id => count (or => [period => count]) without `module_id`',
  errors: [
    'a module_type outside the list, or a `time` strtotime cannot read: `var` is 0, error IO_BAD_VALUE',
  ],
  limits: ['with `format` or without `module_id`, each like read counts against maxListedEntries'],
  examples: [
    {
      template:
        "{assign_favorite_cnt module_id=1 var=n}{$n} / {assign_favorite_cnt module_id=1 var=n time='-3 days'}{$n}",
      output: '4 / 2',
      description: 'likes of topics 1: all, and in the last three days',
    },
    {
      template:
        "{assign_favorite_cnt var=ranking}{foreach from=$ranking key=id item=n}{$id}:{$n} {/foreach}/ {assign_favorite_cnt module_id=4 var=days format='m/d'}{foreach from=$days key=d item=n}{$d}={$n} {/foreach}",
      output: '1:4 4:2 / 10/25=1 10/31=1 ',
      description: 'the ranking of contents, and likes of topics 4 by day',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = 0;
    await attempt(ctx, NAME, async () => {
      const moduleType = moduleTypeOf(a.module_type);
      const moduleId = moduleIdOf(a.module_id);
      if (moduleId === null) return;
      const tz = ctx.services.timezone;
      let since: number | undefined;
      if (a.time !== undefined && toStr(a.time) !== '') {
        const t = strtotime(toStr(a.time), Math.floor(ctx.services.clock.now() / 1000), tz);
        if (t === false)
          throw failure(
            'IO_BAD_VALUE',
            `time ${JSON.stringify(toStr(a.time))} is not a date strtotime reads`,
          );
        since = t * 1000;
      }
      const format = a.format === undefined ? '' : toStr(a.format);
      const store = storeOf(ctx);
      const query = { moduleType, moduleId, since };
      if (moduleId !== undefined && format === '') {
        out = await store.favoriteCount(query);
        return;
      }
      const hits = await store.favoriteHits(query);
      spendRows(ctx, hits.length);
      const periodOf = (at: number | null) => (at === null ? '' : phpDate(format, Math.floor(at / 1000), tz));
      /** period => count, oldest first */
      const byPeriod = (list: typeof hits) => {
        const sorted = [...list].sort((x, y) => (x.at ?? 0) - (y.at ?? 0));
        const arr = new PhpArray();
        for (const h of sorted) {
          const p = periodOf(h.at);
          arr.set(p, ((arr.get(p) as number | undefined) ?? 0) + 1);
        }
        return arr;
      };
      if (moduleId !== undefined) {
        out = byPeriod(hits);
        return;
      }
      const perId = new Map<number, typeof hits>();
      for (const h of hits) perId.set(h.moduleId, [...(perId.get(h.moduleId) ?? []), h]);
      const ranked = [...perId].sort((x, y) => y[1].length - x[1].length || x[0] - y[0]);
      const arr = new PhpArray();
      for (const [id, list] of ranked) arr.set(id, format === '' ? list.length : byPeriod(list));
      out = arr;
    });
    ctx.assign(a.var as string, out);
  },
});
