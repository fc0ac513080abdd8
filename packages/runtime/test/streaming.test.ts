import { describe, expect, test } from 'vitest';
import { createEngine, SumiError } from '../src/index';

/** renders with RenderOptions.write and gives the chunks and the result */
async function streamed(source: string, data?: Record<string, unknown>, limits = {}, sync = true) {
  const engine = createEngine({ limits });
  const chunks: string[] = [];
  const opts = { write: (c: string) => void chunks.push(c) };
  const result = sync ? engine.renderSync(source, data, opts) : await engine.render(source, data, opts);
  return { chunks, result, whole: engine.renderSync(source, data).output };
}

const LINES =
  '{section name=i loop=50000}{$smarty.section.i.iteration},row-{$smarty.section.i.index}\n{/section}done';

describe('streaming output (RenderOptions.write)', () => {
  test('a long loop is written in chunks that add up to the whole output', async () => {
    for (const sync of [true, false]) {
      const { chunks, result, whole } = await streamed(LINES, undefined, {}, sync);
      expect(result.output).toBe('');
      expect(chunks.length).toBeGreaterThan(5);
      expect(chunks.join('')).toBe(whole);
      expect(whole.endsWith('50000,row-49999\ndone')).toBe(true);
      // every chunk but the last is worth a write
      for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(16 * 1024);
    }
  });

  test('foreach streams too, and a short render is written once at the end', async () => {
    const rows = Array.from({ length: 30000 }, (_, i) => ({ sku: `S${i}`, qty: i % 7 }));
    const { chunks, whole } = await streamed('{foreach from=$rows item=r}{$r.sku};{$r.qty}\n{/foreach}', {
      rows,
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(whole);
    const small = await streamed('hello {$x}', { x: 'you' });
    expect(small.chunks).toEqual(['hello you']);
  });

  test('output inside {capture} and block plugins stays buffered until printed', async () => {
    const src =
      '{capture name=c}{section name=i loop=40000}<{$smarty.section.i.index}>{/section}{/capture}' +
      'before|{textformat wrap=40}{section name=j loop=20000}w{$smarty.section.j.index} {/section}{/textformat}|{$smarty.capture.c}';
    const { chunks, whole } = await streamed(src);
    expect(chunks.join('')).toBe(whole);
    expect(whole.startsWith('before|w0 w1 w2')).toBe(true);
    expect(whole.endsWith('<39998><39999>')).toBe(true);
  });

  test('the output budget counts what was already written', async () => {
    const err = await streamed(LINES, undefined, { maxOutputBytes: 100_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SumiError);
    expect((err as SumiError).code).toBe('LIMIT_OUTPUT');
  });

  test('an error keeps what was written and reports its position', () => {
    const engine = createEngine();
    const chunks: string[] = [];
    const src =
      '{section name=i loop=40000}line {$smarty.section.i.index}\n' +
      '{if $smarty.section.i.index == 39000}{function name=missing var=x}{/if}{/section}';
    let err: unknown;
    try {
      engine.renderSync(src, {}, { write: (c) => void chunks.push(c) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SumiError);
    expect((err as SumiError).code).toBe('UNKNOWN_FUNCTION');
    expect((err as SumiError).line).toBe(2);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join('').startsWith('line 0\nline 1\n')).toBe(true);
  });

  test('{return} ends the stream with what was printed before it', async () => {
    const { chunks, result, whole } = await streamed(
      '{section name=i loop=30000}{$smarty.section.i.index},{/section}{return value=7}',
    );
    expect(result.result).toBe(7);
    expect(chunks.join('')).toBe(whole);
  });
});
