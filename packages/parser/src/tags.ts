/**
 * Splitting one tag's content the way Smarty 2's `_compile_tag` does:
 *
 *   ^(?:(NUM|OBJCALL|VAR|\/?REGOBJ|\/?FUNCNAME)(MOD*))(?:\s+(.*))?$
 *
 * a command, its modifiers, then (after whitespace) the rest. A number, variable
 * or quoted string command makes a printing tag; everything after its first space
 * is ignored. A name makes a function/block tag whose rest is its attributes.
 */
import { isAlpha, isDigit, isSpace, scanFuncName, scanNum, scanQstr, scanVarToken } from './chars';
import { scanMods } from './expressions';

/**
 * The core tags, those the compiler implements itself (one module each in the runtime's
 * compiler/tags/), and what the parser makes of each: a BlockNode paired with its closer, a
 * TagNode, an IfNode, or text it resolves itself ({literal}, {ldelim}, {rdelim}).
 * Order is kept: it is the order of the reference.
 */
export const CORE_TAGS = {
  foreach: { block: true, node: 'Block' },
  section: { block: true, node: 'Block' },
  if: { block: true, node: 'If' },
  assign: { block: false, node: 'Tag' },
  capture: { block: true, node: 'Block' },
  strip: { block: true, node: 'Block' },
  literal: { block: true, node: 'Text' },
  ldelim: { block: false, node: 'Text' },
  rdelim: { block: false, node: 'Text' },
  break: { block: false, node: 'Tag' },
  continue: { block: false, node: 'Tag' },
  function: { block: false, node: 'Tag' },
  return: { block: false, node: 'Tag' },
} as const satisfies Readonly<Record<string, CoreTagSyntax>>;

export interface CoreTagSyntax {
  /** written `{name}...{/name}` */
  block: boolean;
  node: 'Block' | 'Tag' | 'If' | 'Text';
}

export type CoreTagName = keyof typeof CORE_TAGS;

/** the core tags that become BlockNodes */
export const CORE_BLOCK_TAGS: readonly string[] = Object.keys(CORE_TAGS).filter(
  (n) => CORE_TAGS[n as CoreTagName].node === 'Block',
);

export type TagHead =
  | { kind: 'comment' }
  | {
      kind: 'print';
      /** command and modifiers: [start, valueEnd) */
      valueEnd: number;
      /** the ignored rest: [restStart, end) (empty when restStart === end) */
      restStart: number;
      /** a variable command: where its token ends and its math starts (-1: none); else both -1 */
      varEnd: number;
      mathAt: number;
    }
  | {
      kind: 'name';
      closing: boolean;
      name: string;
      nameStart: number;
      nameEnd: number;
      /** modifiers: [nameEnd, modsEnd) */
      modsEnd: number;
      /** attributes: [argsStart, end) */
      argsStart: number;
    }
  | { kind: 'regobj' }
  | { kind: 'invalid' };

/** Tag content [a, b), already trimmed. */
export function splitTag(s: string, a: number, b: number): TagHead {
  if (b > a && s.charCodeAt(a) === 42 && s.charCodeAt(b - 1) === 42) return { kind: 'comment' };
  if (a >= b) return { kind: 'invalid' };
  const c = s.charCodeAt(a);
  if (isDigit(c) || c === 45) {
    const n = scanNum(s, a, b);
    if (n > 0) {
      const m = scanMods(s, n, b, true);
      if (follows(s, m, b))
        return { kind: 'print', valueEnd: m, restStart: restAfter(s, m, b), varEnd: -1, mathAt: -1 };
    }
    return { kind: 'invalid' };
  }
  if (c === 36) {
    const v = scanVarToken(s, a, b);
    if (v) {
      // (read before scanMods: its scans reuse the scanner's one result object)
      const varEnd = v.end;
      const mathAt = v.mathAt;
      const m = scanMods(s, varEnd, b, true);
      if (follows(s, m, b))
        return { kind: 'print', valueEnd: m, restStart: restAfter(s, m, b), varEnd, mathAt };
    }
    return { kind: 'invalid' };
  }
  if (c === 34 || c === 39) {
    const q = scanQstr(s, a, b);
    if (q > 0) {
      const m = scanMods(s, q, b, true);
      if (follows(s, m, b))
        return { kind: 'print', valueEnd: m, restStart: restAfter(s, m, b), varEnd: -1, mathAt: -1 };
    }
    return { kind: 'invalid' };
  }
  const closing = c === 47;
  const ns = closing ? a + 1 : a;
  if (!isAlpha(s.charCodeAt(ns))) return { kind: 'invalid' };
  const f = scanFuncName(s, ns, b);
  if (s.charCodeAt(f) === 45 && s.charCodeAt(f + 1) === 62) {
    const g = scanFuncName(s, f + 2, b);
    if (g > 0 && follows(s, scanMods(s, g, b, true), b)) return { kind: 'regobj' };
  }
  const m = scanMods(s, f, b, true);
  if (!follows(s, m, b)) return { kind: 'invalid' };
  return {
    kind: 'name',
    closing,
    name: s.slice(ns, f),
    nameStart: ns,
    nameEnd: f,
    modsEnd: m,
    argsStart: restAfter(s, m, b),
  };
}

/** the command ends at m: whitespace or the end of the tag [.., b) follows */
function follows(s: string, m: number, b: number): boolean {
  return m === b || isSpace(s.charCodeAt(m));
}

/** where the rest starts after the whitespace at m */
function restAfter(s: string, m: number, b: number): number {
  let r = m;
  while (r < b && isSpace(s.charCodeAt(r))) r++;
  return r;
}

export interface TagAdvice {
  smarty3: boolean;
  hint: string;
}

/** Why a tag Smarty would call "unrecognized" probably is one, and what to write instead. */
export function adviseUnrecognized(content: string): TagAdvice {
  const js =
    'a { in text starts a tag: wrap inline JavaScript/CSS in {literal}...{/literal}, or write {ldelim} and {rdelim}';
  if (content.includes('{$') || /^"[^"]*\{/.test(content)) {
    return { smarty3: true, hint: '"x{$y}" is Smarty 3: write "x`$y`" (backticks) in Smarty 2' };
  }
  if (/^[^'"]*\?[^'"]*:/.test(content) || /\?\s*['"$\d]/.test(content)) {
    return { smarty3: true, hint: 'ternaries are Smarty 3: use {if}...{else}...{/if}' };
  }
  if (content.startsWith('[')) {
    return {
      smarty3: true,
      hint: 'array literals are Smarty 3: build arrays with {assign_array}, {append} or explode',
    };
  }
  if (/^\$\w[\w.]*@\w+/.test(content)) {
    return {
      smarty3: true,
      hint: '$v@index is Smarty 3: name the loop ({foreach name=n ...}) and use $smarty.foreach.n.index',
    };
  }
  if (/^\$[^\s]*\[\s*['"]/.test(content)) {
    return {
      smarty3: false,
      hint: 'quoted keys in brackets are not Smarty 2: write $map.key (or $map[$k] with a variable)',
    };
  }
  if (/^\$[^\s]*\[[^\]]*[+\-*/%(]/.test(content)) {
    return {
      smarty3: false,
      hint: 'no expressions inside [ ]: compute the index first with {assign} or {math}',
    };
  }
  if (/^\$[^\s]*\(/.test(content)) {
    return {
      smarty3: false,
      hint: 'variable math takes no parentheses: use {math equation="..."} or several {assign}s',
    };
  }
  if (/^-?\d/.test(content)) {
    return {
      smarty3: false,
      hint: 'math must start with a variable ({$a+1}); for constants use {math equation="5+3"}',
    };
  }
  if (/^[$"']/.test(content)) {
    return {
      smarty3: false,
      hint: 'not a valid variable tag: {$name}, {$name.key}, {$name[0]}, {$name|modifier:arg}',
    };
  }
  return { smarty3: false, hint: js };
}
