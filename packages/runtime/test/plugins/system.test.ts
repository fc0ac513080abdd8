import { describe, expect, test } from 'vitest';
import { limitMessage } from '../../src/plugins/index';
import { engine, err, logOf, run } from './render';

describe('logger', () => {
  test('writes msg1..msg4 to the info log with the tag position', () => {
    const r = run('a\n {logger msg1="one" msg3=$n msg2=2}b', '{"n":3.5}');
    expect(r.output).toBe('a\n b');
    expect(r.log.map((e) => [e.level, e.message, e.source, e.line, e.column])).toEqual([
      ['info', 'one', 'logger', 2, 2],
      ['info', '2', 'logger', 2, 2],
      ['info', '3.5', 'logger', 2, 2],
    ]);
  });

  test('arrays are written as JSON with Unicode unescaped', () => {
    expect(logOf('{logger msg1=$a}', '{"a":{"k":"日本","l":[1,true,null]}}')).toEqual([
      '{"k":"日本","l":[1,true,null]}',
    ]);
  });

  test('a message is cut at 1 KB and marked', () => {
    expect(logOf('{logger msg1=$s}', JSON.stringify({ s: 'a'.repeat(1024) }))).toEqual(['a'.repeat(1024)]);
    expect(logOf('{logger msg1=$s}', JSON.stringify({ s: 'a'.repeat(1025) }))).toEqual([
      `${'a'.repeat(1024)}...Over 1kb data.`,
    ]);
  });

  test('the cut never splits a UTF-8 character', () => {
    // あ is 3 bytes: 341 of them are 1023 bytes, the 342nd would pass 1024
    expect(limitMessage('あ'.repeat(342))).toBe(`${'あ'.repeat(341)}...Over 1kb data.`);
    expect(limitMessage(`${'a'.repeat(1022)}é`)).toBe(`${'a'.repeat(1022)}é`);
    expect(limitMessage(`${'a'.repeat(1023)}é`)).toBe(`${'a'.repeat(1023)}...Over 1kb data.`);
    expect(limitMessage(`${'a'.repeat(1020)}😀😀`)).toBe(`${'a'.repeat(1020)}😀...Over 1kb data.`);
  });

  test('the log sink service receives the entries', () => {
    const seen: string[] = [];
    engine({ services: { log: { write: (e) => void seen.push(`${e.level}:${e.message}`) } } }).renderSync(
      '{logger msg1=x}',
    );
    expect(seen).toEqual(['info:x']);
  });
});

describe('set_memory', () => {
  test.each(['256M', '512M', '768M'])('accepts %s as var or memory_limit', (v) => {
    expect(logOf(`{set_memory var=${v}}`)).toEqual([`memory limit set to ${v}`]);
    expect(logOf(`{set_memory memory_limit="${v}"}`)).toEqual([`memory limit set to ${v}`]);
  });

  test.each(['1G', '512m', '1024M', '', '512'])('rejects %j', (v) => {
    const e = err(`ok\n  {set_memory memory_limit="${v}"}`);
    expect(e.code).toBe('INVALID_ATTRIBUTE');
    expect([e.line, e.column]).toEqual([2, 3]);
    expect(e.message).toBe("set_memory: 'memory_limit' must be one of 256M, 512M, 768M");
  });

  test('without a value it fails too', () => {
    expect(err('{set_memory}').code).toBe('INVALID_ATTRIBUTE');
  });
});

describe('sleep', () => {
  async function slept(tpl: string): Promise<number[]> {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const r = await engine({ services: { sleep } }).render(`${tpl}done`);
    expect(r.output).toBe('done');
    return waits;
  }

  test.each([
    ['{sleep ms=500}', [500]],
    ['{sleep ms=5000}', [1000]],
    ['{sleep ms=1000}', [1000]],
    ['{sleep ms=100}', [100]],
    ['{sleep ms=99}', [100]],
    ['{sleep ms=-1}', [100]],
    ['{sleep}', [100]],
    ['{sleep ms="250"}{sleep ms=2900}{sleep ms=$x}', [250, 1000, 100]],
  ])('%s waits %j ms', async (tpl, waits) => {
    expect(await slept(tpl as string)).toEqual(waits);
  });

  test('without a sleep service it really waits', async () => {
    const t0 = Date.now();
    await engine().render('{sleep ms=1}');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(95);
  });

  test('renderSync refuses it', () => {
    const e = err('x{sleep ms=100}');
    expect(e.code).toBe('ASYNC_IN_SYNC');
    expect([e.line, e.column]).toEqual([1, 2]);
  });

  test('ms is cast as PHP casts to int: "abc" is 0, clamped to 100', async () => {
    const waited: number[] = [];
    const e = engine({ services: { sleep: async (ms: number) => void waited.push(ms) } });
    await e.render("{sleep ms=abc}{sleep ms='700ms'}{sleep ms=$a}", { a: [1] });
    expect(waited).toEqual([100, 700, 100]);
  });
});
