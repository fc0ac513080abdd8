// Random conformance-format cases (OUT/<group>/NAME.tpl + NAME.json) for differential testing
// against the reference. Case i of seed S is always the same case.
//
//   node tools/difffuzz/gen.mjs --seed 31001 --count 300 --out /tmp/batch [--groups a,b]
//
// The vocabulary is Sumi's own: the engine's plugin registry (tags, functions, modifiers with
// their attribute and argument metadata), the parser's tables ($smarty.* variables, loop
// properties, {if} operators and functions) and @sumi/php's constants. The one hand-written
// list is EXCLUDED: what the reference cannot render, or not deterministically.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildEngine } from '../../packages/cli/dist/index.js';
import {
  BINARY_PRECEDENCE,
  FOREACH_PROPS,
  IF_FUNCS,
  IF_WORD_OPS,
  SECTION_PROPS,
  SMARTY_VARS,
} from '../../packages/parser/dist/index.js';
import { PHP_CONSTANTS } from '../../packages/php/dist/index.js';
import { MATH_FUNCTIONS } from '../../packages/runtime/dist/index.js';

// ------------------------------------------------------------------ the exclusions table

/**
 * Everything of the vocabulary the generator never emits (`why` only), or emits only in a fixed,
 * deterministic form (`pin`). Keys: `group:GROUP` (a whole plugin group), `tag:NAME`, `modifier:NAME`,
 * `smarty:NAME`, `math:NAME`, `op:OP`.
 */
export const EXCLUDED = {
  'group:Files and storage': {
    why: "a site's files and storage (@sumi/plugins-io): the reference has no site",
  },
  'group:Data retrieval': { why: "the CMS's content store (@sumi/plugins-io): the reference has none" },
  'group:Calls and API access': {
    why: 'network calls (@sumi/plugins-net) and custom functions ({function}, {return}: the host): the reference has neither',
  },
  'tag:assign_globals': { why: 'host globals: not implemented by the reference' },
  'tag:cookie': { why: 'request cookies: not implemented by the reference' },
  'tag:logger': { why: 'host log: not implemented by the reference' },
  'tag:login': { why: 'host session: not implemented by the reference' },
  'tag:logout': { why: 'host session: not implemented by the reference' },
  'tag:refresh_cs': { why: 'host session: not implemented by the reference' },
  'tag:set_memory': { why: 'host storage: not implemented by the reference' },
  'tag:lottery': { why: 'random, and not implemented by the reference' },
  'tag:uuid': { why: 'random, and not implemented by the reference' },
  'tag:sleep': { why: 'waits on the clock, and not implemented by the reference' },
  'tag:xmltojson': { why: 'not implemented by the reference' },
  'modifier:check_inner_uri': { why: 'site URL check: not implemented by the reference' },
  'modifier:escapeCSV': { why: 'not implemented by the reference' },
  'modifier:getCountryFromIP': { why: 'GeoIP lookup (io/net): not implemented by the reference' },
  'modifier:pg_dateformat': { why: 'PostgreSQL date format: not implemented by the reference' },
  'modifier:pg_dateformat2': { why: 'PostgreSQL date format: not implemented by the reference' },
  'modifier:to_object': { why: 'not implemented by the reference' },
  'modifier:split': { why: 'not implemented by the reference' },
  'modifier:rcms_strip_tags': { why: 'alias the reference does not register (cms_strip_tags is covered)' },
  'modifier:unset': { why: 'the reference leaves it off its allowlist (secure mode refuses it)' },
  'modifier:password_hash': {
    why: 'random salt: only the length of the hash is deterministic',
    pin: (use) => `${use}|strlen`,
  },
  'modifier:mt_rand': { why: 'random unless min == max', pin: 'min == max' },
  'tag:date': { why: 'the clock when `time` is missing', pin: 'time' },
  'tag:cms_hash': {
    why: 'the catalog makes `data` required (Sumi refuses the tag without it); the reference hashes ""',
    pin: 'data',
  },
  'tag:strtodate': { why: 'the clock when `timestamp` is missing', pin: 'timestamp' },
  'smarty:now': { why: 'the clock: only compared, never printed', pin: 'compare' },
  'smarty:server': { why: "the whole array is the process's environment: keyed reads only", pin: 'keyed' },
  'smarty:env': { why: 'the spec says always null, the reference has []: keyed reads only', pin: 'keyed' },
  'smarty:cookies': {
    why: 'the spec says always null, the reference has []: keyed reads only',
    pin: 'keyed',
  },
  'smarty:config': {
    why: 'Sumi has null, the reference []: nothing is loaded, keyed reads only',
    pin: 'keyed',
  },
  'smarty:session': {
    why: 'the host session (member_id) differs from the reference: keyed reads',
    pin: 'keyed',
  },
  'math:rand': { why: 'random' },
  'math:srand': { why: 'seeds the random generator' },
  'op:.': { why: "Smarty's {if} lexer never produces it (parser: BINARY_PRECEDENCE)" },
  'op:<=>': { why: "Smarty's {if} lexer never produces it (parser: BINARY_PRECEDENCE)" },
};

const excluded = (key) => EXCLUDED[key] !== undefined && EXCLUDED[key].pin === undefined;
const pinOf = (key) => EXCLUDED[key]?.pin;

// ------------------------------------------------------------------ the vocabulary, from Sumi

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Every registered definition, and the names the generator may emit, by group. */
export function vocabulary() {
  const defs = [...buildEngine().plugins()].sort((a, b) => a.name.localeCompare(b.name));
  const tags = [];
  const modifiers = [];
  for (const def of defs) {
    if (excluded(`group:${def.group}`)) continue;
    const isMod = def.kind === 'modifier';
    for (const name of [def.name, ...(def.aliases ?? [])]) {
      const key = `${isMod ? 'modifier' : 'tag'}:${name}`;
      if (!excluded(key)) (isMod ? modifiers : tags).push({ name, key, def, group: slug(def.group) });
    }
  }
  const smartyVars = Object.keys(SMARTY_VARS).filter((n) => !excluded(`smarty:${n}`));
  const mathFunctions = MATH_FUNCTIONS.filter((n) => !excluded(`math:${n}`));
  const binaryOps = BINARY_PRECEDENCE.flatMap((l) => l.ops).filter((op) => !excluded(`op:${op}`));
  const wordOps = [...IF_WORD_OPS.keys()];
  const groups = {};
  for (const item of [...tags, ...modifiers]) (groups[item.group] ??= []).push(item);
  return { defs, tags, modifiers, smartyVars, mathFunctions, binaryOps, wordOps, groups };
}

const V = vocabulary();
/** The groups: the registry's own groups, plus three that mix everything. */
export const GROUPS = [...Object.keys(V.groups).sort(), 'if', 'smarty_vars', 'chains'];

// ------------------------------------------------------------------ deterministic randomness

/** A PRNG seeded by a string: a 32-bit FNV-1a hash feeding mulberry32. */
export function rng(seedText) {
  let h = 0x811c9dc5;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    chance: (p) => next() < p,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
  return r;
}

// ------------------------------------------------------------------ PHP values

/** A PHP float (JSON and template literals must keep `1.0` a float). */
class Float {
  constructor(v) {
    this.v = v;
  }
}
const f = (v) => new Float(v);
const map = (entries) => new Map(entries);

const INTS = [0, 1, -1, 2, 3, 7, 10, 42, 100, 255, 1000, -5, 60, 1700000000, 2147483647, 2147483648];
const BIG_INTS = [9223372036854775807n, -9223372036854775808n];
const FLOATS = [
  0, -0, 0.1, 0.5, 1.5, -2.5, 2.675, 1e20, 1e-7, 3.125, 1, 100, 0.30000000000000004, 1e15, 99.99,
].map(f);
/**
 * A string of bytes that are not all UTF-8, which only a double-quoted literal can hold (`\xHH`
 * escapes): the case's data are JSON, which the reference reads as UTF-8. Always written as a literal.
 */
class Bytes {
  constructor(escaped) {
    this.escaped = escaped;
  }
}
const BYTE_STRINGS = [
  'x\\xE3yz',
  '\\xE3\\x81\\xE3\\x81\\x82',
  '日本\\xFF語',
  '\\xC3',
  'caf\\xC3',
  '\\xED\\xA0\\x80',
  'a\\xF0\\x9Fb',
  '\\xEF\\xBB\\xBFbom',
  '\\x81\\x82 \\xE3',
].map((e) => new Bytes(e));
const STRINGS = [
  '',
  '0',
  '1',
  '-1',
  '42',
  '1.5',
  '1e3',
  ' 12',
  '12 ',
  '12abc',
  'abc',
  '0x1A',
  'null',
  'true',
  'yes',
  'off',
  'Hello World',
  '<b>x</b> & "q" \'s\'',
  '日本語',
  'カタカナとひらがな',
  'ｶﾀｶﾅ ｶﾞ',
  'café',
  '😀 emoji',
  'a,b,c',
  'line1\nline2',
  '  padded  ',
  'a|b',
  '%s %d',
  '2024-03-05 07:08:09',
  '2000-01-01',
  '/path/to/file.name.txt',
  'http://ex.com/a b?x=1&y=2',
  'user@example.com',
  'The quick brown fox. Jumps over? The lazy dog!',
  'multi\n\npara',
  'UPPER lower',
  "it's",
  'tab\there',
  'ＡＢＣ１２３',
  '{',
  '$x',
];
/** strings that read as a plugin's argument: formats, charsets, patterns, directions */
const ARG_STRINGS = [
  '%Y-%m-%d',
  '%H:%M',
  '%b %e',
  'Y-m-d H:i:s',
  'Y/m/d',
  '%.2f',
  '%05d',
  '%c',
  'html',
  'htmlall',
  'url',
  'hex',
  'javascript',
  'UTF-8',
  'SJIS',
  'KV',
  'asc',
  'desc',
  ',',
  ' ',
  '-',
  '/(\\d+)/',
  '/[a-z]+/i',
  '/(?<y>\\d+)-(\\d\\d)/',
  '/x/u',
  'bad(',
  'md5',
  'sha1',
  'id',
  'name',
  'age',
  'x',
];
const BARE_WORDS = ['yes', 'no', 'on', 'off', 'true', 'false', 'null', 'abc'];
const KEYS = ['a', 'b', 'x', 'id', 'name', '0', '1', '10', '-1', '01', '', '日本', 'k k'];
const ROWS = [
  [
    map([
      ['id', 1],
      ['name', 'Ann'],
      ['age', 30],
    ]),
    map([
      ['id', 2],
      ['name', 'Bob'],
      ['age', '25'],
    ]),
  ],
  [
    map([
      ['id', '7'],
      ['name', 'c'],
    ]),
    map([
      ['name', 'a'],
      ['age', f(1.5)],
    ]),
    map([['id', 9]]),
  ],
];

function scalar(r) {
  const c = r.next();
  if (c < 0.35) return r.pick(STRINGS);
  if (c < 0.6) return r.chance(0.1) ? r.pick(BIG_INTS) : r.pick(INTS);
  if (c < 0.8) return r.pick(FLOATS);
  return r.pick([true, false, null]);
}

function list(r, depth) {
  const n = r.pick([0, 1, 2, 3, 3, 4]);
  const kind = r.pick(['int', 'str', 'any']);
  return Array.from({ length: n }, () =>
    kind === 'int' ? r.pick(INTS.slice(0, 10)) : kind === 'str' ? r.pick(STRINGS) : value(r, depth + 1),
  );
}

function hash(r, depth) {
  const m = new Map();
  for (let n = r.pick([0, 1, 2, 3]); n > 0; n--) m.set(r.pick(KEYS), value(r, depth + 1));
  return m;
}

/** Any PHP value: scalars, lists, maps, rows, nested up to depth 2. */
function value(r, depth = 0) {
  const c = r.next();
  if (depth >= 2 || c < 0.55) return scalar(r);
  if (c < 0.78) return list(r, depth);
  if (c < 0.93) return hash(r, depth);
  return r.pick(ROWS);
}

/** A value of a metadata type ("int", "?string", "array|int", "integer", "mixed", ...), wrong 20% of the time. */
function typed(r, type = 'mixed', hints = []) {
  if (r.chance(0.2)) return value(r);
  if (hints.length && r.chance(0.35)) return r.pick(hints);
  const t = type.replace(/^\?/, '');
  if (type.startsWith('?') && r.chance(0.15)) return null;
  const part = r.pick(t.split('|'));
  switch (part) {
    case 'int':
    case 'integer':
      return r.chance(0.85) ? r.pick(INTS) : r.pick([...BIG_INTS, '3', '2abc']);
    case 'float':
    case 'number':
      return r.pick([...INTS, ...FLOATS, '1.5', '10']);
    case 'string':
      if (r.chance(0.06)) return r.pick(BYTE_STRINGS);
      return r.chance(0.5) ? r.pick(ARG_STRINGS) : r.pick(STRINGS);
    case 'bool':
    case 'boolean':
      return r.pick([true, false, 0, 1, '', 'a']);
    case 'array':
      return r.chance(0.8)
        ? r.chance(0.2)
          ? r.pick(ROWS)
          : r.chance(0.5)
            ? list(r, 1)
            : hash(r, 1)
        : scalar(r);
    case 'null':
      return null;
    default:
      return value(r);
  }
}

/** The literal tokens of a plugin's documented examples: plausible arguments. */
const hintCache = new Map();
function hintsOf(def) {
  let hints = hintCache.get(def);
  if (!hints) {
    hints = [];
    for (const ex of def.examples ?? []) {
      for (const m of ex.template.matchAll(
        /'((?:[^'\\]|\\.)*)'|"((?:[^"\\$`]|\\.)*)"|(?<=[:=])(-?\d+(?:\.\d+)?)\b/g,
      )) {
        if (m[3] !== undefined) hints.push(m[3].includes('.') ? f(Number(m[3])) : Number(m[3]));
        else hints.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
      }
    }
    hintCache.set(def, hints);
  }
  return hints;
}

// ------------------------------------------------------------------ values as template text and JSON

function floatText(x) {
  if (Number.isInteger(x)) return `${Object.is(x, -0) ? '-0' : x.toFixed(0)}.0`;
  return String(x);
}

/** PHP-faithful JSON: floats stay floats, big ints stay exact, maps keep their key order. */
export function toJson(v) {
  if (v === null) return 'null';
  if (v instanceof Float) return floatText(v.v);
  if (typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(v);
}

/**
 * A template literal for v, or null when Smarty 2 has none (arrays; floats with exponents). `bare`
 * allows true/false/null and, with this probability, a bare word for a string (an attribute's
 * string, but a PHP constant in a modifier argument).
 */
function literal(r, v, bare) {
  if (v instanceof Bytes) return `"${v.escaped}"`;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof Float) return /^-?\d+(\.\d+)?$/.test(floatText(v.v)) ? floatText(v.v) : null;
  if (typeof v === 'string') {
    if (bare && /^[a-z]\w*$/i.test(v) && r.chance(bare)) return v;
    if (!/["$`\\{}]/.test(v) && r.chance(0.3)) return `"${v}"`;
    return `'${v.replace(/[\\']/g, '\\$&')}'`;
  }
  if (bare && (v === true || v === false || v === null)) return String(v);
  return null;
}

// ------------------------------------------------------------------ one case

class Case {
  constructor(r) {
    this.r = r;
    this.data = new Map();
    this.n = 0;
    this.notes = [];
  }

  /** `$vN` (or a path into a wrapper) holding v in the case's data */
  bind(v) {
    const name = `v${this.n++}`;
    if (this.r.chance(0.1)) {
      this.data.set(name, map([['k', v]]));
      return `$${name}.k`;
    }
    if (this.r.chance(0.1)) {
      this.data.set(name, [v]);
      return this.r.chance(0.5) ? `$${name}.0` : `$${name}[0]`;
    }
    this.data.set(name, v);
    return `$${name}`;
  }

  /** v as a literal (when one exists and `lit` allows; `bare`: see literal()) or a variable */
  expr(v, { lit = 0.4, bare = 0 } = {}) {
    // bytes that are not UTF-8 cannot go into the JSON data
    const text = v instanceof Bytes || this.r.chance(lit) ? literal(this.r, v, bare) : null;
    return text ?? this.bind(v);
  }

  fresh() {
    return `r${this.n++}`;
  }
}

/** `|name:args` for one modifier (and the subject's type); the arguments follow its metadata. */
function modifierCall(c, item) {
  const { r } = c;
  const { def, name } = item;
  const hints = hintsOf(def);
  const args = [];
  for (const arg of def.args) {
    if (arg.optional && r.chance(0.4)) break;
    for (let k = arg.variadic ? r.int(3) : 1; k > 0; k--) args.push(typed(r, arg.type, hints));
  }
  const at = def.wholeArray ? r.chance(0.85) : r.chance(0.25);
  const subjectType = def.signature?.[0]?.type;
  let subject = subjectType
    ? typed(r, subjectType, [])
    : r.chance(0.2) && hints.length
      ? r.pick(hints)
      : value(r);
  const pin = pinOf(item.key);
  if (pin === 'min == max') {
    subject = r.pick(INTS);
    args.splice(0, args.length, subject);
  }
  const text = `|${at ? '@' : ''}${name}${args.map((a) => `:${c.expr(a, { bare: 0.05, lit: 0.6 })}`).join('')}`;
  return { subject, text: typeof pin === 'function' ? pin(text) : text };
}

/** subject + one to three modifiers, the first being `item` ({if} takes no number literal as a subject) */
function chain(c, item, extra = c.r.int(2), inIf = false) {
  const first = modifierCall(c, item);
  let text = c.expr(first.subject, { lit: inIf && typeof first.subject !== 'string' ? 0 : 0.4 }) + first.text;
  for (let k = 0; k < extra; k++) text += modifierCall(c, c.r.pick(V.modifiers)).text;
  return text;
}

/** a value printed: plain, or as JSON (arrays print as "Array") */
function show(c, expr) {
  return c.r.chance(0.5) ? `[{${expr}|@json_encode}]` : `[{${expr}}]`;
}

/** One modifier used: printed, in {if}, as an attribute value, or chained. */
function modifierUse(c, item) {
  const { r } = c;
  const form = r.next();
  if (form < 0.5) return show(c, chain(c, item, 0)) + '\n';
  if (form < 0.65) return show(c, chain(c, item, 1 + r.int(2))) + '\n';
  if (form < 0.82) {
    const cmp = r.chance(0.5)
      ? ` ${r.pick(['==', '>', '<', '!=', 'eq', 'gte'])} ${c.expr(scalar(r), { bare: 0.02 })}`
      : '';
    return `{if ${chain(c, item, 0, true)}${cmp}}T{else}F{/if}\n`;
  }
  const v = c.fresh();
  return `{assign var=${v} value=${chain(c, item, r.int(2))}}${show(c, `$${v}`)}\n`;
}

/** attribute=value text for one attribute spec (random type mistakes, bare words) */
function attrValue(c, spec, def) {
  const { r } = c;
  if (spec.type === 'varname') return r.chance(0.9) ? c.fresh() : r.pick(['$x', 'a.b', 'list.', "''"]);
  if (spec.enum && r.chance(0.7)) return String(r.pick(spec.enum));
  if (r.chance(0.08)) return r.pick(BARE_WORDS);
  const v = typed(r, spec.type, hintsOf(def));
  if (r.chance(0.15)) return `${c.expr(v, { lit: 0 })}${modifierCall(c, r.pick(V.modifiers)).text}`;
  return c.expr(v, { bare: 0.3, lit: 0.6 });
}

/** `name=value ...` for a tag, from its metadata; sometimes a required one missing or an unknown one */
function attributes(c, def, skip = []) {
  const { r } = c;
  const parts = [];
  const outVars = [];
  const pin = pinOf(`tag:${def.name}`);
  for (const [name, spec] of Object.entries(def.attributes ?? {})) {
    if (skip.includes(name)) continue;
    const give = name === pin || (spec.required ? r.chance(0.95) : r.chance(0.45));
    if (!give) {
      if (spec.required) c.notes.push(`missing required ${def.name}.${name}`);
      continue;
    }
    // a pinned attribute is always given, with a fixed value (a date: the output never depends on the clock)
    const v =
      name === pin
        ? c.expr(r.pick([0, 86400, 1700000000, '2024-03-05 07:08:09', '2000-01-01']))
        : attrValue(c, spec, def);
    if (spec.type === 'varname') outVars.push(v);
    parts.push(`${name}=${v}`);
  }
  if (r.chance(0.06)) {
    parts.push(`${r.pick(['foo', 'extra', 'class'])}=${c.expr(scalar(r), { bare: 0.3 })}`);
    c.notes.push('unknown attribute');
  }
  return { text: parts.length ? ` ${parts.join(' ')}` : '', outVars };
}

function printVars(c, names) {
  return names
    .filter((n) => /^[a-z]\w*$/i.test(n))
    .map((n) => show(c, `$${n}`))
    .join('');
}

const TEXT = [
  'one two three',
  '  spaced   words\nand lines  ',
  'para one\n\npara two is longer than the rest',
  '日本語 テキスト',
];

function body(c, depth) {
  const { r } = c;
  let out = r.pick(TEXT);
  if (depth < 2 && r.chance(0.6)) out += anyUse(c, depth + 1);
  return out;
}

/** the tags the compiler implements, each with its own syntax (attribute names from the registry) */
const CORE = {
  if: (c, _item, depth) => ifUse(c, depth),
  foreach: (c, item, depth, jump = null) => {
    const { r } = c;
    const from = c.expr(r.chance(0.85) ? typed(r, 'array') : value(r), { lit: 0.1 });
    const key = r.chance(0.5) ? ' key=k' : '';
    const named = r.chance(0.6);
    const props = Object.keys(FOREACH_PROPS);
    let inner = `{$v|@json_encode}${key ? '{$k}' : ''}`;
    if (named) inner += `{$smarty.foreach.n.${r.pick(props)}}`;
    if (jump || r.chance(0.3)) {
      const cond = `$v ${r.pick(['==', '>'])} ${c.expr(scalar(r), { bare: 0.02 })}`;
      inner += `{if ${cond}}{${jump ?? r.pick(['break', 'continue'])}}{/if}`;
    }
    if (r.chance(0.3)) inner += body(c, depth + 1);
    const attrs = attributes(c, item.def, ['from', 'item', 'key', 'name']).text;
    const els = r.chance(0.4) ? '{foreachelse}empty' : '';
    const after = named && r.chance(0.5) ? `[{$smarty.foreach.n.${r.pick(props)}}]` : '';
    return `{foreach from=${from} item=v${key}${named ? ' name=n' : ''}${attrs}}${inner},${els}{/foreach}${after}\n`;
  },
  section: (c, item, depth, jump = null) => {
    const { r } = c;
    const loop = c.expr(r.chance(0.7) ? typed(r, 'array') : typed(r, 'int'), { lit: 0.3 });
    const list = loop.startsWith('$') ? loop : c.bind(typed(r, 'array'));
    const attrs = attributes(c, item.def, ['name', 'loop']).text;
    const props = Object.keys(SECTION_PROPS);
    let inner = `{${list}[s]|@json_encode}{$smarty.section.s.${r.pick(props)}}`;
    if (jump || r.chance(0.25)) {
      inner += `{if $smarty.section.s.index ${r.pick(['>', '=='])} 1}{${jump ?? r.pick(['break', 'continue'])}}{/if}`;
    }
    if (r.chance(0.3)) inner += body(c, depth + 1);
    const els = r.chance(0.4) ? '{sectionelse}none' : '';
    const after = r.chance(0.3) ? `[{$smarty.section.s.${r.pick(props)}}]` : '';
    return `{section name=s loop=${loop}${attrs}}${inner};${els}{/section}${after}\n`;
  },
  capture: (c, item, depth) => {
    const { text, outVars } = attributes(c, item.def);
    const name = /name=(\w+)/.exec(text)?.[1] ?? 'default';
    return `{capture${text}}${body(c, depth)}{/capture}[{$smarty.capture.${name}}]${printVars(c, outVars)}\n`;
  },
  literal: () => `{literal}{$x} {if} }{{/literal}\n`,
  strip: (c, _item, depth) => `{strip}\n  <a>\n    ${body(c, depth)}\n  </a> {/strip}\n`,
  break: (c, item, depth) => loopWith(c, item.name, depth),
  continue: (c, item, depth) => loopWith(c, item.name, depth),
};

const tagItem = (name) => V.tags.find((t) => t.name === name);

/** a {foreach} or {section} that runs `jump` ({break} or {continue}) */
function loopWith(c, jump, depth) {
  const loop = c.r.pick(['foreach', 'section']);
  return CORE[loop](c, tagItem(loop), depth, jump);
}

/** {math}: an equation over its extra attributes and the allowed functions */
function mathUse(c, item) {
  const { r } = c;
  const names = ['x', 'y', 'w'].slice(0, 1 + r.int(3));
  const term = () =>
    r.chance(0.3)
      ? `${r.pick(V.mathFunctions)}(${r.pick(names)})`
      : r.chance(0.2)
        ? String(r.int(10))
        : r.pick(names);
  let eq = term();
  for (let k = r.int(3); k > 0; k--) eq += ` ${r.pick(['+', '-', '*', '/', '%'])} ${term()}`;
  if (r.chance(0.2)) eq = `(${eq})${r.pick([' * 2', ''])}`;
  const vars = names.map((n) => `${n}=${c.expr(typed(r, 'number'), { lit: 0.6, bare: 0.3 })}`).join(' ');
  const { text, outVars } = attributes(c, item.def, ['equation']);
  return `{math equation="${eq}" ${vars}${text}}${printVars(c, outVars)}\n`;
}

/** any function or block plugin, from its metadata */
function tagUse(c, item, depth) {
  const def = item.def;
  if (def.kind === 'compiler' && CORE[item.name]) return CORE[item.name](c, item, depth);
  if (item.name === 'math') return mathUse(c, item);
  const { text, outVars } = attributes(c, def);
  const block = def.kind === 'block' || (def.kind === 'compiler' && def.block);
  const tag = block ? `{${item.name}${text}}${body(c, depth)}{/${item.name}}` : `{${item.name}${text}}`;
  const repeat = item.name === 'counter' || item.name === 'cycle' ? tag : '';
  return `${tag}${repeat}${printVars(c, outVars)}\n`;
}

/** an {if} operand */
function operand(c, depth) {
  const { r } = c;
  const k = r.next();
  if (k < 0.35) return c.expr(scalar(r), { bare: 0.02 });
  if (k < 0.5) return c.bind(value(r));
  if (k < 0.7) return chain(c, r.pick(V.modifiers), 0, true);
  if (k < 0.85) {
    const fn = r.pick([...IF_FUNCS]);
    if (['true', 'false', 'null'].includes(fn)) return fn;
    const arg = c.bind(value(r));
    return fn === 'in_array' ? `${fn}(${arg}, ${c.bind(typed(r, 'array'))})` : `${fn}(${arg})`;
  }
  if (depth < 2) return `(${condition(c, depth + 1)})`;
  return c.bind(scalar(r));
}

/** the binary operators of {if} (symbols and words) by role: logical, comparison (non-associative), arithmetic */
const IF_OPS = { logic: [], compare: [], arith: [] };
for (const level of BINARY_PRECEDENCE) {
  const role =
    level.ops.includes('&&') || level.ops.includes('||') ? 'logic' : level.nonAssoc ? 'compare' : 'arith';
  for (const op of level.ops) if (!excluded(`op:${op}`)) IF_OPS[role].push(op);
  for (const [word, op] of IF_WORD_OPS) if (level.ops.includes(op)) IF_OPS[role].push(word);
}

/** operand [op operand]: a comparison, an arithmetic or a bitwise expression */
function comparison(c, depth) {
  const { r } = c;
  let out = operand(c, depth);
  if (r.chance(0.12)) out += ` ${r.pick(IF_OPS.arith)} ${operand(c, depth)}`;
  if (r.chance(0.15)) {
    const by = r.chance(0.5) ? ` by ${r.pick(['2', '3', '0', '$n'])}` : '';
    const test = r.pick(['even', 'odd', 'div']);
    if (by.includes('$n')) c.data.set('n', r.pick(INTS));
    return `${out} is ${r.chance(0.3) ? 'not ' : ''}${test}${test === 'div' && !by ? ' by 2' : by}`;
  }
  if (r.chance(0.6)) out += ` ${r.pick(IF_OPS.compare)} ${operand(c, depth)}`;
  return out;
}

function condition(c, depth = 0) {
  const { r } = c;
  const negate = () => (r.chance(0.15) ? r.pick(['!', 'not ']) : '');
  let out = negate() + comparison(c, depth);
  for (let k = r.chance(0.4) ? 1 + r.int(2) : 0; k > 0; k--) {
    out += ` ${r.pick(IF_OPS.logic)} ${negate()}${comparison(c, depth)}`;
  }
  return out;
}

function ifUse(c, depth = 0) {
  const { r } = c;
  let out = `{if ${condition(c)}}A`;
  if (depth < 2 && r.chance(0.3)) out += anyUse(c, depth + 1);
  for (let k = r.int(2); k > 0; k--) out += `{elseif ${condition(c)}}B`;
  if (r.chance(0.6)) out += '{else}C';
  return `${out}{/if}\n`;
}

/** $smarty.NAME with the right number of path entries */
function smartyVarUse(c, name) {
  const { r } = c;
  const spec = SMARTY_VARS[name];
  const pin = pinOf(`smarty:${name}`);
  if (pin === 'compare') return `{if $smarty.now > 1700000000}late{/if}{$smarty.now|is_numeric}\n`;
  if (name === 'foreach' || name === 'section') return CORE[name](c, tagItem(name), 1);
  if (name === 'capture') return CORE.capture(c, tagItem('capture'), 1);
  if (name === 'const') {
    const constant = r.chance(0.9) ? r.pick([...PHP_CONSTANTS.keys()]) : r.pick(['NOPE', 'php_int_max']);
    return show(c, `$smarty.const.${constant}`) + '\n';
  }
  const key = spec.key || pin === 'keyed' ? `.${r.pick(['x', 'member_id', 'HTTP_HOST', '0'])}` : '';
  return show(c, `$smarty.${name}${key}`) + '\n';
}

/** one random construct from anywhere (to mix into a focused case) */
function anyUse(c, depth) {
  const { r } = c;
  const k = r.next();
  if (k < 0.45) return modifierUse(c, r.pick(V.modifiers));
  if (k < 0.75) return tagUse(c, r.pick(V.tags), depth);
  if (k < 0.9) return ifUse(c, depth);
  return smartyVarUse(c, r.pick(V.smartyVars));
}

/** The focused construct of case i in group g: the group's items in turn, from a seed-dependent start. */
function focus(c, group, seed, i) {
  const { r } = c;
  const turn = Math.floor(i / GROUPS.length) + rng(String(seed)).int(1000);
  if (group === 'if') return ifUse(c);
  if (group === 'chains')
    return modifierUse(c, V.modifiers[turn % V.modifiers.length]) + show(c, chain(c, r.pick(V.modifiers), 2));
  if (group === 'smarty_vars') return smartyVarUse(c, V.smartyVars[turn % V.smartyVars.length]);
  const items = V.groups[group];
  const item = items[turn % items.length];
  return item.def.kind === 'modifier' ? modifierUse(c, item) : tagUse(c, item, 0);
}

/** Case i of seed `seed`: { group, name, tpl, data (JSON text), notes }. */
export function generateCase(seed, i, groups = GROUPS) {
  const group = groups[i % groups.length];
  const r = rng(`${seed}:${i}`);
  const c = new Case(r);
  let tpl = focus(c, group, seed, i);
  for (let k = r.int(3); k > 0; k--)
    tpl += r.chance(0.5) ? focus(c, group, seed, i + GROUPS.length * (k + 7)) : anyUse(c, 1);
  return {
    group,
    name: `c${seed}_${String(i).padStart(4, '0')}`,
    tpl,
    data: toJson(c.data),
    notes: c.notes,
  };
}

export function generate({ seed, count, groups = GROUPS }) {
  return Array.from({ length: count }, (_, i) => generateCase(seed, i, groups));
}

export function writeCases(out, cases) {
  for (const k of cases) {
    mkdirSync(join(out, k.group), { recursive: true });
    writeFileSync(join(out, k.group, `${k.name}.tpl`), k.tpl);
    writeFileSync(join(out, k.group, `${k.name}.json`), k.data);
  }
}

export function groupsArg(text) {
  if (!text) return GROUPS;
  const list = text.split(',').filter(Boolean);
  const unknown = list.filter((g) => !GROUPS.includes(g));
  if (unknown.length) throw new Error(`unknown groups: ${unknown.join(', ')} (known: ${GROUPS.join(', ')})`);
  return list;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      count: { type: 'string', default: '300' },
      out: { type: 'string' },
      groups: { type: 'string' },
    },
  });
  if (!values.seed || !values.out) {
    console.error('usage: node tools/difffuzz/gen.mjs --seed N --count M --out DIR [--groups a,b]');
    console.error(`groups: ${GROUPS.join(', ')}`);
    process.exit(2);
  }
  const cases = generate({
    seed: values.seed,
    count: Number(values.count),
    groups: groupsArg(values.groups),
  });
  writeCases(values.out, cases);
  console.log(`${cases.length} cases in ${values.out}`);
}
