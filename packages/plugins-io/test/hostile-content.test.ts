/** The content fixtures attacked: values nested without end, numbers JavaScript cannot hold, races. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { folderSite } from '../src/node';
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

describe('update_counter rewrites the whole file', () => {
  // it rewrote topics.json from JavaScript numbers: another record's 12345678901234567890 came back
  // as 12345678901234567000 and 1e400 as null, silently
  test.each([
    ['"order_no": 12345678901234567890', '12345678901234567890'],
    ['"order_no": -9007199254740993', '-9007199254740993'],
    ['"ratio": 1e400', '1e400'],
    ['"ratio": -2.5E+999', '-2.5E+999'],
  ])(
    'a number JavaScript cannot hold (%s) refuses the update; the file stays as it was',
    async (field, lit) => {
      const topics = `[\n{"topics_id":1,"topics_group_id":1,"ext":{"views":1}},\n{"topics_id":2,"topics_group_id":1,${field}}\n]`;
      const site = await siteWith({ 'content/topics_groups.json': GROUPS, 'content/topics.json': topics });
      const r = await renderOn(
        site,
        '{update_counter topics_group_id=1 slug=1 ext_slug=views value=1 var=v}{if $v === false}F{/if}',
      );
      expect(r.output).toBe('F');
      expect(r.errors).toEqual([
        `IO_PARSE content/topics.json: holds the number ${lit} (line 3, column ${36 + field.indexOf(lit)}), which JavaScript cannot keep exactly: update_counter would change it when it rewrites the file; write it as a string`,
      ]);
      expect(await readText(site, 'content/topics.json')).toBe(topics);
    },
  );

  test('numbers it holds exactly, and any text in strings, are fine', async () => {
    const topics = JSON.stringify([
      { topics_id: 1, topics_group_id: 1, ext: { views: 9007199254740990 } },
      {
        topics_id: 2,
        topics_group_id: 1,
        note: '12345678901234567890 1e400',
        ratio: 0.1,
        big: 1e300,
        neg: -3,
      },
    ]);
    const site = await siteWith({ 'content/topics_groups.json': GROUPS, 'content/topics.json': topics });
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=views value=1 var=v}{$v}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('9007199254740991');
    expect(JSON.parse(await readText(site, 'content/topics.json'))[1]).toEqual(JSON.parse(topics)[1]);
  });
});

describe('update_counter raced', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });
  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'sumi-hostile-counter-'));
    roots.push(dir);
    mkdirSync(join(dir, 'content'));
    writeFileSync(
      join(dir, 'content/topics.json'),
      JSON.stringify([{ topics_id: 5, topics_group_id: 1, ext: { hits: 0 } }]),
    );
    return dir;
  }
  const TPL =
    '{section name=i loop=25}{update_counter topics_group_id=1 slug=5 ext_slug=hits value=1}{/section}';
  const hits = (dir: string) =>
    JSON.parse(readFileSync(join(dir, 'content/topics.json'), 'utf8'))[0].ext.hits as number;

  test('two renders at once on one site: every update applied, valid JSON, no temporary file', async () => {
    const dir = folder();
    const site = await folderSite(dir);
    await Promise.all([renderOn(site, TPL), renderOn(site, TPL), renderOn(site, TPL)]);
    expect(hits(dir)).toBe(75);
    expect(readdirSync(join(dir, 'content'))).toEqual(['topics.json']);
  });

  // each site had its own queue: 50 updates through two sites on one folder came out as 25 to 40
  test('two sites on one folder, at once: no update lost', async () => {
    const dir = folder();
    const [a, b] = [await folderSite(dir), await folderSite(dir)];
    await Promise.all([renderOn(a, TPL), renderOn(b, TPL), renderOn(a, TPL), renderOn(b, TPL)]);
    expect(hits(dir)).toBe(100);
  });
});
