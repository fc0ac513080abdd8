import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/index';
import { engine, err, out } from './render';

/** 2024-01-02 03:04:05 UTC = 12:04:05 in Tokyo */
const clock = { now: () => Date.UTC(2024, 0, 2, 3, 4, 5) };
const at = { services: { clock } };

describe('date and strtodate', () => {
  test.each([
    ['{date var=d time=0}{$d}', '1970-01-01 09:00:00'],
    ['{date var=d time=1700000000 format="c"}{$d}', '2023-11-15T07:13:20+09:00'],
    ['{date var=d time="1700000000" format="Y-m-d H:i"}{$d}', '2023-11-15 07:13'],
    ['{date var=d time=$f format="H:i:s"}{$d}', '07:13:20'],
    ['{date var=d format="Y-m-d H:i:s"}{$d}', '2024-01-02 12:04:05'],
    ['{date var=d time=$u format="Y-m-d"}{$d}', '2024-01-02'],
    ['{date var=d time="-2 days" format="Y-m-d H:i"}{$d}', '2023-12-31 12:04'],
    ['{date var=d time="tomorrow" format="Y-m-d H:i"}{$d}', '2024-01-03 00:00'],
    ['{date var=d time="2024-03-05 07:08:09" format="D, d M Y H:i:s"}{$d}', 'Tue, 05 Mar 2024 07:08:09'],
    ['{date var=d time="2024-02-30" format="Y-m-d"}{$d}', '2024-03-01'],
    ['{date var=d time="not a date"}[{$d}]', '[]'],
    ['{date var=d time="" format="Y"}[{$d}]', '[2024]'],
    ['{date var=d time=true}[{$d}]', '[]'],
    ['{date var=d time=-1.5 format="U"}{$d}', '-1'],
    ['{date var=d time=" 12" format="U"}[{$d}]', '[]'],
    ['{date var=d time=0 format="U N jS F"}{$d}', '0 4 1st January'],
    ['{strtodate var=d timestamp=1700000000 format="Y-m-d H:i"}{$d}', '2023-11-15 07:13'],
    ['{strtodate var=d timestamp="2000-01-01 00:00:00" format="U"}{$d}', '946652400'],
    ['{strtodate var=d timestamp="first day of next month" format="Y-m-d"}{$d}', '2024-02-01'],
    ['{strtodate var=d format="Y"}{$d}', '2024'],
    ['{strtodate var=d timestamp="garbage"}[{$d}]', '[]'],
    ['{strtodate var="r.when" timestamp=86400 format="Y-m-d"}{$r.when}', '1970-01-02'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl, '{"f":1700000000.9}', at)).toBe(expected);
  });

  test('the engine time zone applies', () => {
    expect(out('{date var=d time=0}{$d}', '{}', { timezone: 'UTC' })).toBe('1970-01-01 00:00:00');
    expect(
      out('{date var=d time="2024-07-01 12:00" format="T P"}{$d}', '{}', { timezone: 'America/New_York' }),
    ).toBe('EDT -04:00');
  });

  test('var is required', () => {
    expect(err('{date time=0}').code).toBe('MISSING_ATTRIBUTE');
  });
});

describe('uuid', () => {
  test('version 4 form, from the random service', () => {
    const id = out('{uuid var=id}{$id}');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(out('{uuid var=a}{uuid var=b}{if $a != $b}different{/if}')).toBe('different');
  });

  test('a seeded random gives the same ids', () => {
    const first = out('{uuid var=id}{$id}', '{}', { services: { random: seededRandom(42) } });
    expect(out('{uuid var=id}{$id}', '{}', { services: { random: seededRandom(42) } })).toBe(first);
    expect(out('{uuid var=id}{$id}', '{}', { services: { random: seededRandom(43) } })).not.toBe(first);
  });
});

describe('lottery', () => {
  const draw = (tpl: string, json: string, seed = 42) =>
    out(tpl, json, { services: { random: seededRandom(seed) } });

  test('draws distinct ids from the candidates, the same way for the same seed', () => {
    const json = '{"ids":[1,2,3,4,5,6,7,8,9,10]}';
    const tpl = '{lottery var=w ids=$ids cnt=3}{$w|@json_encode}';
    const r = JSON.parse(draw(tpl, json)) as number[];
    expect(r).toHaveLength(3);
    expect(new Set(r).size).toBe(3);
    for (const x of r) expect(x).toBeGreaterThanOrEqual(1);
    expect(draw(tpl, json)).toBe(JSON.stringify(r));
    expect(draw(tpl, json)).toBe('[7,5,9]');
  });

  test('cnt defaults to 1; the pool running out ends the draw', () => {
    expect(JSON.parse(draw('{lottery var=w ids=$ids}{$w|@json_encode}', '{"ids":["a","b"]}'))).toHaveLength(
      1,
    );
    expect(
      JSON.parse(draw('{lottery var=w ids=$ids cnt=10}{$w|@json_encode}', '{"ids":["a","b"]}')).sort(),
    ).toEqual(['a', 'b']);
    expect(draw('{lottery var=w ids=$ids cnt=0}{$w|@json_encode}', '{"ids":[1]}')).toBe('[]');
    expect(draw('{lottery var=w ids=$ids cnt=3}{$w|@json_encode}', '{"ids":[]}')).toBe('[]');
  });

  test('duplicate lets an id be drawn that many times', () => {
    const r = JSON.parse(
      draw('{lottery var=w ids=$ids cnt=9 duplicate=2}{$w|@json_encode}', '{"ids":[1,2]}'),
    ) as number[];
    expect(r.sort()).toEqual([1, 1, 2, 2]);
  });

  test('exclude_ids are compared as strings', () => {
    const r = JSON.parse(
      draw('{lottery var=w ids=$ids cnt=5 exclude_ids=$ex}{$w|@json_encode}', '{"ids":[1,2,3],"ex":["1",3]}'),
    );
    expect(r).toEqual([2]);
  });

  test('draws what taking random copies out of the full list of copies draws (the list is never built)', () => {
    // the reference: every id `duplicate` times, in order; each draw removes a random position
    const reference = (ids: number[], cnt: number, dup: number, seed: number) => {
      const random = seededRandom(seed);
      const pool = ids.flatMap((id) => Array.from({ length: dup }, () => id));
      const out: number[] = [];
      while (out.length < cnt && pool.length) out.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
      return JSON.stringify(out);
    };
    const ids = Array.from({ length: 13 }, (_, i) => i * 10);
    for (const [cnt, dup, seed] of [
      [5, 1, 1],
      [13, 1, 2],
      [30, 3, 3],
      [50, 3, 4],
      [7, 20, 5],
    ] as const) {
      const tpl = `{lottery var=w ids=$ids cnt=${cnt} duplicate=${dup}}{$w|@json_encode}`;
      expect(draw(tpl, JSON.stringify({ ids }), seed)).toBe(reference(ids, cnt, dup, seed));
    }
  });

  test('a huge duplicate costs nothing; a huge number of draws is an error, not a hang', () => {
    const r = JSON.parse(
      draw('{lottery var=w ids=$ids cnt=3 duplicate=99999999999999999999}{$w|@json_encode}', '{"ids":[1,2]}'),
    ) as number[];
    expect(r).toHaveLength(3);
    const e = err(
      '{lottery var=w ids=$ids cnt=99999999999999999999 duplicate=99999999999999999999}',
      '{"ids":[1]}',
    );
    expect(e.code).toBe('PLUGIN_ERROR');
    expect(e.message).toBe("lottery: 'cnt' asks for more than 1000000 draws");
  });

  test('ids must be an array', () => {
    expect(err('{lottery var=w ids="1,2"}').code).toBe('ATTRIBUTE_TYPE');
    const e = err('{lottery var=w ids=$none}');
    expect(e.code).toBe('ATTRIBUTE_TYPE');
    expect(e.message).toBe("lottery: 'ids' must be an array, got null");
  });
});

describe('the random service is the only source', () => {
  test('two engines with the same seed agree on everything random', () => {
    const tpl = '{uuid var=a}{lottery var=w ids=$ids cnt=2}{$a}{$w|@json_encode}';
    const data = { ids: [1, 2, 3, 4] };
    const a = engine({ services: { random: seededRandom(7) } }).renderSync(tpl, data).output;
    const b = engine({ services: { random: seededRandom(7) } }).renderSync(tpl, data).output;
    expect(a).toBe(b);
  });
});
