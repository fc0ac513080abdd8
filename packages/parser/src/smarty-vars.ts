/**
 * The `$smarty.*` references, and the properties of named loops
 * (`$smarty.foreach.NAME.PROP`, `$smarty.section.NAME.PROP`, `$list[NAME.PROP]`).
 * One table: the parser checks names against it, the runtime compiles and
 * renders from it, editors complete from it. Order is kept: it is the order
 * of the "known:" hint and of a whole loop table printed as an array.
 */

export interface SmartyVar {
  description: string;
  /** what the entry after it names (`$smarty.const.NAME`, `$smarty.foreach.NAME.PROP`), when it takes one */
  key?: string;
  /** how many path entries the reference may have, counting its own name (Smarty's `$_max_index`) */
  maxIndex?: number;
  /** the properties of a named loop: `$smarty.foreach.NAME.PROP` */
  props?: Readonly<Record<string, LoopProp>>;
  /**
   * What Smarty compiles it to when that is not a variable: a function `call` (`time()`) or a
   * `value` (a literal, a constant). PHP's isset() refuses both; a by-reference modifier
   * (`|@sort`) refuses a value (see `smartyVarForm`).
   */
  compiled?: 'call' | 'value';
}

export interface LoopProp {
  description: string;
  /**
   * Stored in the loop's table (not computed from it): these make up the whole table when it is read
   * as an array, in this order. A computed foreach property ends the reference (Smarty compiles it
   * to an expression, so nothing may follow it).
   */
  stored?: true;
}

export const FOREACH_PROPS: Readonly<Record<string, LoopProp>> = {
  total: { description: 'number of iterations the loop makes', stored: true },
  iteration: { description: 'current iteration, from 1', stored: true },
  index: { description: 'current iteration, from 0' },
  first: { description: 'true on the first iteration' },
  last: { description: 'true on the last iteration' },
  show: { description: 'true when the loop has any iteration' },
};

/**
 * All of a section's properties are stored in its table entry. The entry's key order is the
 * attributes' order in the tag, then the defaulted ones (show, loop, max, step, start), total,
 * and once the loop has run index, iteration, rownum, index_prev, index_next, first, last
 * (render/loops.ts sectionProps).
 */
export const SECTION_PROPS: Readonly<Record<string, LoopProp>> = {
  name: { description: "the section's name", stored: true },
  loop: { description: "the last index + 1 (the loop array's count)", stored: true },
  show: { description: 'false when the section shows nothing ({sectionelse} runs)', stored: true },
  max: { description: 'the most iterations allowed', stored: true },
  step: { description: 'the index step', stored: true },
  start: { description: 'the first index', stored: true },
  total: { description: 'number of iterations the section makes', stored: true },
  index: {
    description: 'current index (start, then start + step, ...); after the loop, one step past the last',
    stored: true,
  },
  iteration: { description: 'current iteration, from 1; after the loop, total + 1', stored: true },
  rownum: { description: 'same as iteration; after the loop, the last iteration', stored: true },
  index_prev: { description: 'the previous index (index - step)', stored: true },
  index_next: { description: 'the next index (index + step)', stored: true },
  first: { description: 'true on the first iteration', stored: true },
  last: { description: 'true on the last iteration', stored: true },
};

export const SMARTY_VARS = {
  now: { description: 'the current Unix timestamp', maxIndex: 1, compiled: 'call' },
  const: {
    description: 'a PHP constant: $smarty.const.NAME',
    key: 'constant name',
    maxIndex: 2,
    compiled: 'value',
  },
  capture: {
    description: 'text captured by {capture name=NAME}: $smarty.capture.NAME (default: `default`)',
    key: 'capture name',
  },
  foreach: {
    description: 'properties of the {foreach} named NAME: $smarty.foreach.NAME.PROP',
    key: 'loop name',
    props: FOREACH_PROPS,
  },
  section: {
    description: 'properties of the {section} named NAME: $smarty.section.NAME.PROP',
    key: 'section name',
    props: SECTION_PROPS,
  },
  get: { description: 'the request query parameters', key: 'parameter name' },
  post: { description: 'the request body parameters', key: 'parameter name' },
  cookies: { description: 'cookies (always empty in the CMS)', key: 'cookie name' },
  env: { description: 'environment variables (always empty in the CMS)', key: 'variable name' },
  server: { description: 'server variables', key: 'variable name' },
  session: { description: 'the session', key: 'key' },
  request: { description: 'query and body parameters together', key: 'parameter name' },
  ldelim: { description: "the engine's left delimiter", compiled: 'value' },
  rdelim: { description: "the engine's right delimiter", compiled: 'value' },
  template: { description: 'the name of the template being rendered', maxIndex: 1, compiled: 'value' },
  version: { description: 'the Smarty version emulated (2.6.28)', maxIndex: 1, compiled: 'value' },
  config: { description: 'config variables (always empty: the CMS loads no config files)', maxIndex: 3 },
} as const satisfies Readonly<Record<string, SmartyVar>>;

export type SmartyVarName = keyof typeof SMARTY_VARS;

export function isSmartyVar(name: string): name is SmartyVarName {
  return Object.hasOwn(SMARTY_VARS, name);
}

/**
 * What Smarty compiles a `$smarty.*` reference (its path after `smarty`) to: a `variable` (an array
 * element PHP can take by reference and test with isset()), a function `call` (`$smarty.now`) or a
 * `value` (`$smarty.const.X`, `$smarty.version`, and the computed foreach properties index, first,
 * last and show, which are expressions).
 */
export function smartyVarForm(
  path: readonly { kind: string; key?: string | number }[],
): 'variable' | 'call' | 'value' {
  const first = path[0];
  if (first?.kind !== 'key') return 'value';
  const name = String(first.key);
  if (!isSmartyVar(name)) return 'value';
  const own: SmartyVar = SMARTY_VARS[name];
  if (own.compiled) return own.compiled;
  const prop = path[2];
  if (name === 'foreach' && prop?.kind === 'key') {
    const key = String(prop.key);
    if (Object.hasOwn(FOREACH_PROPS, key) && !FOREACH_PROPS[key]!.stored) return 'value';
  }
  return 'variable';
}
