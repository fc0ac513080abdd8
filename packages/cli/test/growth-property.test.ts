/**
 * Property (issue #10): random compositions of growth operations (pad, repeat by interpolation,
 * merge, range, explode, implode, capture, append, nested loops) under small budgets never crash
 * the process, never leave a value or a total past its budget by more than one operation's worth,
 * and always end with output or a budget error. The renders run in a child process with a small
 * heap; fast-check makes the templates (a failure prints the seed to replay it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('./hostile/', import.meta.url));
const LIMITS = {
  maxStringLength: 20_000,
  maxArrayLength: 2_000,
  maxMemoryBytes: 2_000_000,
  maxOutputBytes: 100_000,
  maxSteps: 200_000,
  timeoutMs: 10_000,
};
/** what one operation can add at most: a string at its cap, or an array at its cap of such strings */
const ONE_OPERATION = LIMITS.maxStringLength * 2 + LIMITS.maxArrayLength * (32 + 24 + 64);
const BUDGET_CODES = ['LIMIT_MEMORY', 'LIMIT_OUTPUT', 'LIMIT_STEPS', 'LIMIT_TIME'];

const s = fc.constantFrom('s0', 's1', 's2', 's3');
const a = fc.constantFrom('a0', 'a1', 'a2', 'a3');
const n = fc.integer({ min: 0, max: 30_000 });
const op: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(s, s, n).map(([x, y, k]) => `{assign var=${x} value=$${y}|str_pad:${k}:"xy"}`),
  fc.tuple(s, s, s).map(([x, y, z]) => `{assign var=${x} value="$${y}$${z}"}`),
  fc.tuple(a, a, a).map(([x, y, z]) => `{assign var=${x} value=$${y}|@array_merge:$${z}}`),
  fc.tuple(a, fc.integer({ min: 0, max: 5_000 })).map(([x, k]) => `{assign var=${x} value=1|range:${k}}`),
  fc.tuple(a, s).map(([x, y]) => `{assign var=${x} value="y"|explode:$${y}}`),
  fc.tuple(s, a).map(([x, y]) => `{assign var=${x} value=","|implode:$${y}}`),
  fc.tuple(s, s, s).map(([x, y, z]) => `{capture assign=${x}}{$${y}}{$${z}}{/capture}`),
  fc.tuple(a, s).map(([x, y]) => `{append var=${x} value=$${y}}`),
  fc.tuple(a, s, s).map(([x, y, z]) => `{append var=${x} value="$${y}-$${z}"}`),
  s.map((x) => `{$${x}}`),
);
const loop = (body: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.integer({ min: 1, max: 40 }), fc.array(body, { minLength: 1, maxLength: 4 }), fc.nat(1_000_000))
    .map(([k, ops, id]) => `{section name=l${id} loop=${k}}${ops.join('')}{/section}`);
const template = fc
  .array(fc.oneof({ weight: 3, arbitrary: op }, { weight: 2, arbitrary: loop(fc.oneof(op, loop(op))) }), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

describe('growth operations under small budgets', () => {
  it('never crash, never pass a budget by more than one operation, always end with output or a budget error', () => {
    const seed = Number(process.env.SUMI_PROPERTY_SEED ?? Date.now() % 2 ** 31);
    const templates = fc.sample(template, { numRuns: 150, seed });
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', 'growth-child.mjs'], {
      cwd: dir,
      input: JSON.stringify({ limits: LIMITS, templates }),
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect({ seed, signal: run.signal, status: run.status, stderr: run.stderr.slice(0, 600) }).toEqual({
      seed,
      signal: null,
      status: 0,
      stderr: '',
    });
    const { results, next } = JSON.parse(run.stdout) as {
      results: {
        code: string | null;
        message?: string;
        outputBytes?: number;
        memory?: number;
        string?: number;
        array?: number;
      }[];
      next: string;
    };
    expect(next).toBe('2');
    let failures = 0;
    results.forEach((r, i) => {
      const where = { seed, template: templates[i], result: r };
      if (r.code !== null) {
        failures++;
        expect(BUDGET_CODES, JSON.stringify(where)).toContain(r.code);
        return;
      }
      expect(r.outputBytes!, JSON.stringify(where)).toBeLessThanOrEqual(LIMITS.maxOutputBytes);
      expect(r.string!, JSON.stringify(where)).toBeLessThanOrEqual(LIMITS.maxStringLength);
      expect(r.array!, JSON.stringify(where)).toBeLessThanOrEqual(LIMITS.maxArrayLength);
      expect(r.memory!, JSON.stringify(where)).toBeLessThanOrEqual(LIMITS.maxMemoryBytes + ONE_OPERATION);
    });
    // the generator must reach the budgets, or the property says nothing
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(results.length);
  });
});
