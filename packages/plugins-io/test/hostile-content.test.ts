/** The content fixtures attacked: values nested without end, numbers JavaScript cannot hold, races. */
import { describe, expect, test } from 'vitest';
import { readText, renderOn, siteWith } from './helpers';

const GROUPS = JSON.stringify([{ topics_group_id: 1, name: 'g', columns: [{ id: 1, key: 'views' }] }]);

describe('values nested deeper than json_decode reads', () => {
  // a 100,000-level ext value stopped every render that read the file with LIMIT_DEPTH
  // ("recursion too deep"), naming no file
  test('the file fails with IO_PARSE, naming it and where; the plugins go on', async () => {
    const deep = `${'{"x":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const topics = `[{"topics_id":1,"topics_group_id":1,"subject":"s","ext":{"views":1,"deep":${deep}}}]`;
    const site = await siteWith({ 'content/topics_groups.json': GROUPS, 'content/topics.json': topics });
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=views value=1 var=v}{assign_topics_detail var=t topics_id=1}[{if $v === false}F{/if}|{$t|@count}]',
    );
    expect(r.output).toBe('[F|0]');
    expect(r.errors).toHaveLength(2);
    for (const e of r.errors)
      expect(e).toMatch(
        /^IO_PARSE content\/topics\.json: nests arrays and objects deeper than 512 levels \(line 1, column \d+\)$/,
      );
    expect(await readText(site, 'content/topics.json')).toBe(topics);
  });

  test('512 levels in all (the list, the record, ext and 509 more), brackets inside strings and escaped quotes are fine', async () => {
    const deep = `${'['.repeat(509)}"[[[\\"{{{"${']'.repeat(509)}`;
    const topics = `[{"topics_id":1,"topics_group_id":1,"subject":"s","ext":{"views":1,"deep":${deep}}}]`;
    const site = await siteWith({ 'content/topics_groups.json': GROUPS, 'content/topics.json': topics });
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=views value=1 var=v}{$v}',
    );

    expect(r.errors).toEqual([]);
    expect(r.output).toBe('2');
  });
});
