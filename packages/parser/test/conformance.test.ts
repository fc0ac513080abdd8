import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, tokenize } from '../src/index';

const root = fileURLToPath(new URL('../../../conformance', import.meta.url));

const cases: { name: string; source: string; mustFail: boolean }[] = [];
for (const group of readdirSync(root)) {
  const dir = join(root, group);
  if (!statSync(dir).isDirectory()) continue;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.tpl')) continue;
    const base = file.slice(0, -4);
    cases.push({
      name: `${group}/${base}`,
      source: readFileSync(join(dir, file), 'utf8'),
      mustFail: existsSync(join(dir, `${base}.error`)),
    });
  }
}

describe('conformance templates', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases.filter((c) => !c.mustFail))('$name parses without errors', ({ source }) => {
    const errors = parse(source).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.code} ${d.message} @${d.line}:${d.column}`)).toEqual([]);
    const tokens = tokenize(source);
    expect(tokens.map((t) => source.slice(t.start, t.end)).join('')).toBe(source);
  });

  // .error cases fail at compile time or at run time; the parser sees the compile-time ones
  const runtimeOnly = new Set([
    'errors/append_missing_value',
    'errors/assign_array_keys_count_mismatch',
    'errors/division_by_zero',
    'errors/foreach_item_not_literal',
    'errors/foreach_missing_from',
    'errors/foreach_missing_item',
    'errors/literal_true_tag',
    'errors/section_missing_name',
    'errors/unknown_tag',
  ]);
  it.each(cases.filter((c) => c.mustFail && !c.name.startsWith('security/modifier_')))(
    '$name: syntax errors are found here, the rest is left to the runtime',
    ({ name, source }) => {
      const errors = parse(source).diagnostics.filter((d) => d.severity === 'error');
      if (runtimeOnly.has(name)) expect(errors).toEqual([]);
      else expect(errors.length).toBeGreaterThan(0);
    },
  );
});
