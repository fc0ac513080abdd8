/**
 * What a compiled template keeps: its source, spans, code and tables, never the syntax tree or the
 * code generator's state. A closure made while generating shares its scope with the others made in
 * the same call, so one kept closure (the lazily compiled parts' failure) once kept the whole tree
 * of every cached template: five times the memory. Measured on the heap, with a wide margin.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** a long template of many tags, compiled in several parts */
function source(): string {
  let s = '';
  for (let i = 0; i < 400; i++) {
    s += `{assign var=v${i % 20} value=$items[${i % 7}].qty*${i}}{if $v${i % 20} > ${i}}<b>{$v${i % 20}}</b>{else}{$title}{/if}\n`;
  }
  return s;
}

describe('compiled templates in memory', () => {
  test('a compiled template keeps no syntax tree', () => {
    const engine = createEngine({ cacheSize: 0 });
    const text = source();
    const held = [engine.compile(text, { name: 'warm.tpl' })];
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const n = 20;
    for (let i = 0; i < n; i++) held.push(engine.compile(text, { name: `t${i}.tpl` }));
    gc();
    gc();
    const perTemplate = (process.memoryUsage().heapUsed - before) / n;
    // the code (one byte per character) and the source, spans and tables around it: the syntax tree
    // and the generator's state would add several times that
    expect(perTemplate).toBeLessThan(3 * held[0]!.code.length + 8 * text.length);
    expect(held.length).toBe(n + 1);
  });
});
