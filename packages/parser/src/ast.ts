/**
 * The Sumi AST: plain, JSON-serialisable data.
 *
 * Every node carries `span` = [start, end) as UTF-16 offsets into the source
 * string, so `source.slice(span.start, span.end)` is the exact text the node
 * came from. Line and column are derived on demand with
 * `locate(source, offset)` so the tree stays small.
 *
 * The parser knows the *syntax* of Smarty 2.6 and of the core tags' structure
 * (which tags are blocks, which take else-branches). It does not know what a
 * plugin does: tag names that are not core become `Tag`/`Block` nodes that the
 * runtime resolves against its plugin registry.
 *
 * Where a diagnostic of severity `error` exists, the tree is still complete but the
 * expression it concerns is a placeholder (`Null` spanning the bad text): never run a
 * tree that came with errors.
 */

export interface Span {
  start: number;
  end: number;
}

/* ------------------------------------------------------------------ */
/* Template level                                                      */
/* ------------------------------------------------------------------ */

export interface Template {
  type: 'Template';
  body: Node[];
  span: Span;
}

export type Node = TextNode | CommentNode | PrintNode | TagNode | BlockNode | IfNode;

/**
 * Literal output. `value` is what is printed: the newline-after-tag rule and
 * `{strip}` have already been applied, `{literal}` bodies and `{ldelim}`/`{rdelim}`
 * are folded in here too (with `origin` telling where the text came from).
 * `span` covers the original source bytes. Text that prints nothing gets no node,
 * and one `\n` at the very end of the template is dropped (Smarty 2 does both).
 */
export interface TextNode {
  type: 'Text';
  value: string;
  origin: 'text' | 'literal' | 'ldelim' | 'rdelim';
  span: Span;
}

/** `{* ... *}`: kept for tooling; prints nothing. */
export interface CommentNode {
  type: 'Comment';
  span: Span;
}

/** `{$var|mods}`, `{"string"|mods}`, `{'str'}`, `{5}`: a printing tag. */
export interface PrintNode {
  type: 'Print';
  expr: Expr;
  span: Span;
}

/**
 * A function-form tag with no body: `{assign var=x value=1}`, `{counter}`,
 * `{append ...}`, `{break}`, `{math ...}`, and every plugin function.
 * `modifiers` is set for `{counter|string_format:"%03d"}` (Smarty applies them
 * to what the function returns).
 */
export interface TagNode {
  type: 'Tag';
  name: string;
  attrs: Attribute[];
  modifiers: Modifier[];
  nameSpan: Span;
  span: Span;
}

/**
 * A block tag `{name attrs}...{/name}`: foreach, section, capture, strip
 * (strip is already applied to the text inside, the node is kept for tooling),
 * textformat, and plugin blocks (read_dir, read_file, ...).
 * `alt` is the `{foreachelse}` / `{sectionelse}` branch.
 */
export interface BlockNode {
  type: 'Block';
  name: string;
  attrs: Attribute[];
  body: Node[];
  alt: Node[] | null;
  nameSpan: Span;
  /** span of the opening tag only */
  openSpan: Span;
  /** span of `{foreachelse}` / `{sectionelse}` when present */
  altSpan: Span | null;
  /** span of the closing tag; null when the block was never closed (a diagnostic exists) */
  closeSpan: Span | null;
  /**
   * Added by the parser: modifiers written on the closing tag (`{/textformat|upper}`).
   * Smarty 2 applies them to a block plugin's output. Absent when there are none.
   */
  closeModifiers?: Modifier[];
  /** whole block, opening tag to closing tag */
  span: Span;
}

/** `{if}` ... `{elseif}` ... `{else}` ... `{/if}` */
export interface IfNode {
  type: 'If';
  branches: IfBranch[];
  /** the `{else}` body, or null */
  alternate: Node[] | null;
  span: Span;
}

export interface IfBranch {
  test: Expr;
  body: Node[];
  /** span of the `{if ...}` / `{elseif ...}` tag */
  tagSpan: Span;
}

/**
 * `name=value`. `value` is one of the attribute forms Smarty 2 accepts:
 * quoted strings, variables (with modifiers), numbers, and bare words.
 * Bare words are resolved as Smarty 2 does: on/yes/true -> Bool true,
 * off/no/false -> Bool false, null -> Null, a full PHP number literal -> Number,
 * anything else -> String (with `bare: true`).
 */
export interface Attribute {
  name: string;
  value: Expr;
  nameSpan: Span;
  span: Span;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

export type Expr =
  | VarExpr
  | StringLit
  | InterpString
  | NumberLit
  | BoolLit
  | NullLit
  | BinaryExpr
  | UnaryExpr
  | CallExpr
  | IsExpr
  | ModifiedExpr
  | GroupExpr;

/**
 * `$name` followed by accessors. `$smarty.foreach.n.index` is a VarExpr with
 * name `smarty`; the runtime gives `smarty` its meaning.
 */
export interface VarExpr {
  type: 'Var';
  name: string;
  path: Accessor[];
  span: Span;
}

export type Accessor =
  /** `.name`, `.0`, `[0]` — a constant key. Numeric keys are numbers. */
  | { kind: 'key'; key: string | number; span: Span }
  /** `.$k`, `[$k]`, `[$k.x]` — the key is the value of a variable */
  | { kind: 'var'; expr: VarExpr; span: Span }
  /** `[i]`, `[i.index_prev]` — a section's current index (Smarty 2's `$a[sectionname]`) */
  | { kind: 'section'; section: string; prop: string; span: Span }
  /** `->name` — object property */
  | { kind: 'prop'; name: string; span: Span };

export interface StringLit {
  type: 'String';
  /** the decoded value (escapes processed) */
  value: string;
  quote: 'single' | 'double' | 'bare';
  span: Span;
}

/** A double-quoted string with `$var` or `` `$var.x+1` `` inside. */
export interface InterpString {
  type: 'Interp';
  parts: (string | Expr)[];
  span: Span;
}

export interface NumberLit {
  type: 'Number';
  value: number;
  /** PHP distinguishes 1 and 1.0: true for float literals (`1.5`, `1e3`, `1.0`) */
  float: boolean;
  /** an int beyond ±(2^53−1), inside PHP's int64: its exact value (`value` is rounded) */
  big?: bigint;
  /** source text, e.g. `007` */
  raw: string;
  span: Span;
}

export interface BoolLit {
  type: 'Bool';
  value: boolean;
  span: Span;
}

export interface NullLit {
  type: 'Null';
  span: Span;
}

/**
 * Math inside a variable token (`$a+$b*2`: + - * / %) and every binary
 * operator of `{if}`, normalised: `eq`->`==`, `ne`/`neq`/`<>`->`!=`,
 * `gt`->`>`, `lt`->`<`, `gte`/`ge`->`>=`, `lte`/`le`->`<=`, `mod`->`%`,
 * `and`->`&&`, `or`->`||`. Precedence is PHP's. A unary plus `+x` is written as
 * `0 + x` (the `0` has an empty span), and unary minus on a number literal is
 * folded into the literal (`-1`).
 */
export interface BinaryExpr {
  type: 'Binary';
  op:
    | '+'
    | '-'
    | '*'
    | '/'
    | '%'
    | '=='
    | '!='
    | '==='
    | '!=='
    | '<'
    | '>'
    | '<='
    | '>='
    | '&&'
    | '||'
    | '&'
    | '|'
    | '^'
    | '<<'
    | '>>';
  left: Expr;
  right: Expr;
  span: Span;
}

/** `!x` (`not` is normalised to `!`), unary `-x`, `~x` */
export interface UnaryExpr {
  type: 'Unary';
  op: '!' | '-' | '~';
  arg: Expr;
  span: Span;
}

/**
 * A function call inside `{if}`: `count($a)`, `in_array('b', $a)`, `isset($x.y)`.
 * The parser only accepts names Smarty 2's secure mode would (IF_FUNCS of the
 * CMS: is_null, count, is_array, in_array, isset, is_object); others are
 * diagnostics.
 */
export interface CallExpr {
  type: 'Call';
  name: string;
  args: Expr[];
  nameSpan: Span;
  span: Span;
}

/** `x is [not] even|odd [by y]`, `x is [not] div by y` */
export interface IsExpr {
  type: 'Is';
  test: 'even' | 'odd' | 'div';
  negated: boolean;
  value: Expr;
  by: Expr | null;
  span: Span;
}

/** `value|mod1:arg|@mod2` */
export interface ModifiedExpr {
  type: 'Modified';
  value: Expr;
  modifiers: Modifier[];
  span: Span;
}

export interface Modifier {
  name: string;
  /** written with `@`: the modifier gets the whole array */
  whole: boolean;
  args: Expr[];
  nameSpan: Span;
  span: Span;
}

/** `( expr )` inside `{if}`; kept so `($a+1) is even` and spans stay exact. */
export interface GroupExpr {
  type: 'Group';
  expr: Expr;
  span: Span;
}
