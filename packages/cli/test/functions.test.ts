import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFunctions } from '../src/functions';

const dirs: string[] = [];
function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sumi-fn-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadFunctions', () => {
  it('names functions after their files, with ids from NN- prefixes and sidecars', () => {
    const dir = dirWith({
      'greet.tpl': '{return value="hi"}',
      '12-total.tpl': '{return value=12}',
      'pick.tpl': '{return value=1}',
      'pick.json': '{"id": 5}',
      'notes.txt': 'not a template',
    });
    const fns = loadFunctions(dir).map(({ name, id, source }) => ({ name, id, source }));
    expect(fns).toEqual([
      { name: 'total', id: 12, source: '{return value=12}' },
      { name: 'greet', id: undefined, source: '{return value="hi"}' },
      { name: 'pick', id: 5, source: '{return value=1}' },
    ]);
  });

  it('lets a sidecar rename the function', () => {
    const dir = dirWith({ '3-x.tpl': 'x', '3-x.json': '{"name": "real_name", "id": 3}' });
    expect(loadFunctions(dir).map((f) => [f.name, f.id])).toEqual([['real_name', 3]]);
  });

  it('rejects contradicting ids, duplicates and bad sidecars', () => {
    expect(() => loadFunctions(dirWith({ '3-x.tpl': 'x', '3-x.json': '{"id": 4}' }))).toThrow(
      /id 4 contradicts the file name prefix 3/,
    );
    expect(() => loadFunctions(dirWith({ '1-a.tpl': 'x', '2-a.tpl': 'y' }))).toThrow(
      /function "a" is already defined by .*1-a\.tpl/,
    );
    expect(() => loadFunctions(dirWith({ '1-a.tpl': 'x', '1-b.tpl': 'y' }))).toThrow(
      /id 1 is already used by/,
    );
    expect(() => loadFunctions(dirWith({ 'a.tpl': 'x', 'a.json': '{"idd": 1}' }))).toThrow(
      /unknown key "idd"/,
    );
    expect(() => loadFunctions(dirWith({ 'a.tpl': 'x', 'a.json': '{' }))).toThrow(/invalid JSON/);
    expect(() => loadFunctions(join(tmpdir(), 'sumi-no-such-dir'))).toThrow(
      /cannot read functions directory/,
    );
  });
});
