/**
 * The constants `$smarty.const.NAME` reads: every constant PHP 8.2 defines (generated from the
 * reference's PHP, see constants-data.ts and scripts/gen-php-constants.php), plus the ones Smarty
 * 2.6 defines itself. Site constants (SITE_KEY, TEMP_DIR2, ...) are added by the host, not here;
 * a name defined nowhere is PHP's `Error: Undefined constant "NAME"` (see `lookupConstant`).
 */
import { asciiLower } from './ascii-case';
import { PHP_CONSTANT_TABLE } from './constants-data';
import { PhpError } from './errors';
import type { Value } from './value';

/**
 * Smarty.class.php's own constants with a fixed value. Left out: SMARTY_DIR and SMARTY_CORE_DIR,
 * the paths of Smarty's files on the CMS's server, which Sumi cannot know.
 */
const SMARTY_CONSTANTS: readonly (readonly [string, Value])[] = [
  ['DIR_SEP', '/'],
  ['SMARTY_PHP_PASSTHRU', 0],
  ['SMARTY_PHP_QUOTE', 1],
  ['SMARTY_PHP_REMOVE', 2],
  ['SMARTY_PHP_ALLOW', 3],
];

/** `$smarty.const.NAME` lookups: PHP's predefined constants and Smarty's (case-sensitive names). */
export const PHP_CONSTANTS: ReadonlyMap<string, Value> = new Map([
  ...PHP_CONSTANT_TABLE,
  ...SMARTY_CONSTANTS,
]);

/**
 * The value of constant `name` in `table` as PHP's `constant()`, `defined()` and a bare `NAME` find
 * it, or undefined when it is not defined: names are case-sensitive, but for true, false and null
 * (PHP's only case-insensitive constants); one leading `\` (the global namespace) is ignored.
 */
export function findConstant(table: ReadonlyMap<string, Value>, name: string): Value | undefined {
  const v = table.get(name);
  if (v !== undefined) return v;
  if (name.charCodeAt(0) === 92 && name.charCodeAt(1) !== 92) return findConstant(table, name.slice(1));
  if (name.length !== 4 && name.length !== 5) return undefined;
  switch (asciiLower(name)) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
  }
  return undefined;
}

/** `findConstant`, where a name defined nowhere is PHP's Error */
export function lookupConstant(table: ReadonlyMap<string, Value>, name: string): Value {
  const v = findConstant(table, name);
  if (v === undefined) throw new PhpError('Error', `Undefined constant "${name}"`);
  return v;
}

/** the value of an int constant of PHP_CONSTANTS, for code that implements the functions taking it */
export function phpIntConstant(name: string): number {
  const v = PHP_CONSTANTS.get(name);
  if (typeof v !== 'number') throw new Error(`no PHP int constant ${name}`);
  return v;
}
