/**
 * Test-only stand-ins for a few modifiers of @sumi/modifiers (the runtime must
 * not depend on that package). They use the runtime's own PHP functions, so a
 * plugin test can print an array with `|@json_encode` or a length with `|strlen`.
 * The real modifiers are tested in their package and, together with these
 * plugins, by packages/cli/test/examples.test.ts.
 */

import type { Value } from '@sumi/php';
import { jsonEncode, PhpArray, sprintf, toBytes, toStr } from '@sumi/php';
import { definePlugin, type ModifierDef } from '../../src/plugin/types';

const mod = (name: string, run: ModifierDef['run'], wholeArray = false): ModifierDef =>
  definePlugin({
    kind: 'modifier',
    name,
    group: 'Plugin modifier',
    description: 'test stand-in',
    args: [],
    wholeArray,
    run,
  });

export const testModifiers: ModifierDef[] = [
  mod('json_encode', (_c, v, flags) => jsonEncode(v, flags == null ? 0 : Number(flags)), true),
  mod('strlen', (_c, v) => toBytes(toStr(v)).length),
  mod('implode', (_c, glue, arr) =>
    arr instanceof PhpArray ? [...arr.values()].map((x) => toStr(x)).join(toStr(glue)) : null,
  ),
  mod('array_values', (_c, v) => (v instanceof PhpArray ? PhpArray.fromList([...v.values()]) : null), true),
  mod('count', (_c, v) => (v instanceof PhpArray ? v.size : v === null ? 0 : 1), true),
  mod('string_format', (_c, v, f) => sprintf(toStr(f ?? ''), [v as Value])),
  mod('cat', (_c, v, s) => toStr(v) + toStr(s ?? '')),
  mod('upper', (_c, v) => toStr(v).toUpperCase()),
  mod('bin2hex', (_c, v) => Array.from(toBytes(toStr(v)), (b) => b.toString(16).padStart(2, '0')).join('')),
];
