/**
 * The loop tables of one render: `$smarty.foreach.NAME` and
 * `$smarty.section.NAME` (Smarty keeps one entry per name, so an inner loop
 * of the same name takes over the outer one's). The property names and their
 * order come from the parser's table (FOREACH_PROPS, SECTION_PROPS).
 */
import { FOREACH_PROPS, SECTION_PROPS } from '@sumi/parser';
import { PhpArray, toBool, toInt, type Value } from '@sumi/php';

export interface ForeachState {
  total: number;
  iteration: number;
}

export interface SectionState {
  name: string;
  loop: number;
  show: boolean;
  start: number;
  step: number;
  max: number;
  total: number;
  index: number;
  iteration: number;
}

export type ForeachTable = Map<string, ForeachState>;
export type SectionTable = Map<string, SectionState>;

/** the stored properties: the whole table entry read as an array ({$smarty.section.s|@print_r}) */
const FOREACH_STORED = Object.keys(FOREACH_PROPS).filter((k) => FOREACH_PROPS[k]?.stored);
const SECTION_STORED = Object.keys(SECTION_PROPS).filter((k) => SECTION_PROPS[k]?.stored);

export function foreachStart(table: ForeachTable, name: string, total: number): ForeachState {
  const s = { total, iteration: 0 };
  table.set(name, s);
  return s;
}

export function foreachProp(table: ForeachTable | null, name: string, prop: string): Value {
  const s = table?.get(name);
  const iteration = s ? s.iteration : 0;
  const total = s ? s.total : 0;
  switch (prop) {
    case 'index':
      return iteration - 1;
    case 'iteration':
      return s ? iteration : null;
    case 'total':
      return s ? total : null;
    case 'first':
      return iteration <= 1;
    case 'last':
      return iteration === total;
    case 'show':
      return total > 0;
    default:
      return null;
  }
}

export function foreachProps(table: ForeachTable | null, name: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  return PhpArray.fromEntries(FOREACH_STORED.map((k) => [k, foreachProp(table, name, k)] as [string, Value]));
}

/** Smarty 2.6's section setup, line for line */
export function sectionStart(
  table: SectionTable,
  name: string,
  loop: Value,
  start: Value,
  step: Value,
  max: Value,
  show: Value,
): SectionState {
  const n = loop === undefined ? 1 : loop instanceof PhpArray ? loop.size : Math.max(0, Number(toInt(loop)));
  const st = step === undefined ? 1 : Number(toInt(step)) || 1;
  let mx = max === undefined ? n : Number(toInt(max));
  if (max !== undefined && mx < 0) mx = n;
  let s: number;
  if (start === undefined) s = st > 0 ? 0 : n - 1;
  else {
    s = Number(toInt(start));
    if (s < 0) s = Math.max(st > 0 ? 0 : -1, n + s);
    else s = Math.min(s, st > 0 ? n : n - 1);
  }
  let visible = show === undefined ? true : typeof show === 'boolean' ? show : toBool(show);
  let total = 0;
  if (visible) {
    if (start === undefined && step === undefined && max === undefined) total = n;
    else total = Math.min(Math.ceil((st > 0 ? n - s : s + 1) / Math.abs(st)), mx);
    if (total <= 0) {
      total = Math.max(total, 0);
      visible = false;
    }
  }
  const sc: SectionState = {
    name,
    loop: n,
    show: visible,
    start: s,
    step: st,
    max: mx,
    total,
    index: s,
    iteration: 0,
  };
  table.set(name, sc);
  return sc;
}

export function sectionProp(table: SectionTable | null, name: string, prop: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  switch (prop) {
    case 'index':
      return s.index;
    case 'iteration':
    case 'rownum':
      return s.iteration;
    case 'index_prev':
      return s.index - s.step;
    case 'index_next':
      return s.index + s.step;
    case 'first':
      return s.iteration === 1;
    case 'last':
      return s.iteration === s.total;
    case 'total':
      return s.total;
    case 'loop':
      return s.loop;
    case 'show':
      return s.show;
    case 'start':
      return s.start;
    case 'step':
      return s.step;
    case 'max':
      return s.max;
    case 'name':
      return s.name;
    default:
      return null;
  }
}

export function sectionProps(table: SectionTable | null, name: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  return PhpArray.fromEntries(SECTION_STORED.map((k) => [k, sectionProp(table, name, k)] as [string, Value]));
}
