/**
 * ns/op of typical regex-heavy modifier patterns on both engines: the JS regex path and the
 * backtracking matcher (one search from offset 0). Prints a table; asserts nothing.
 * Run: npx -y pnpm@10.34.9 exec vitest run -c bench/vitest.config.ts
 */
import { it } from 'vitest';

const rows: string[] = [];
function describe(name: string, f: () => void): void {
  rows.push(name);
  f();
}
function bench(name: string, f: () => void): void {
  for (let k = 0; k < 2000; k++) f();
  let n = 0;
  const t = performance.now();
  while (performance.now() - t < 200) {
    for (let k = 0; k < 200; k++) f();
    n += 200;
  }
  rows.push(`  ${name.padEnd(60)} ${(((performance.now() - t) * 1e6) / n).toFixed(0).padStart(8)} ns/op`);
}

import { runProgram } from '../src/pcre/backtrack';
import { compilePattern } from '../src/pcre/compile';
import { splitDelimited } from '../src/pcre/delimiters';
import { pregMatch } from '../src/pcre/match';
import { Parser } from '../src/pcre/parser';
import { buildProgram, type Program } from '../src/pcre/program';

const text = 'The quick brown fox, jumps over 12 lazy dogs; e-mail: john.doe@example.com. '.repeat(4);
const cases: [string, string][] = [
  ['/\\s+/', text],
  ['/(\\d+)-(\\d+)/', 'order 12-34 shipped'],
  ['/[^a-z0-9]+/i', text],
  ['/^\\s*(.*?)\\s*$/s', `   ${text}   `],
  ['/<[^>]+>/', '<p>Hello <b>world</b></p>'.repeat(8)],
  ['/\\b(\\w+)@(\\w+)\\.com\\b/', text],
];

function programOf(pattern: string): Program {
  const { body, flags } = splitDelimited(pattern);
  const u = Array.from(new TextEncoder().encode(body));
  const offsets = u.map((_, k) => k).concat([u.length]);
  const parsed = new Parser(u, offsets, { ...flags, utf: flags.u, dollarEndOnly: flags.D }).parse();
  return buildProgram(parsed.root, parsed.captureCount, flags.u);
}

for (const [p, s] of cases) {
  describe(p, () => {
    const cp = compilePattern(p);
    const prog = programOf(p);
    bench('JS regex', () => {
      const re = cp.searchRegex(false);
      re.lastIndex = 0;
      re.exec(s);
    });
    bench('matcher', () => {
      runProgram(prog, s, 0, { anchored: false, notEmptyAtStart: false });
    });
  });
}

describe('whole preg_match calls routed to the matcher', () => {
  bench('back reference /(\\w+)\\s\\1/', () => {
    pregMatch('/(\\w+)\\s\\1/', text);
  });
  bench('host name /^(?:[a-z0-9]+(?:-+[a-z0-9]+)*\\.){1,126}[a-z]+$/i', () => {
    pregMatch('/^(?:[a-z0-9]+(?:-+[a-z0-9]+)*\\.){1,126}[a-z]+$/i', 'mail.example.com');
  });
});

it('prints the table', () => {
  console.log(rows.join('\n'));
});
