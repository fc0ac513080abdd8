/**
 * Calls of function and block plugins through their definitions. Attributes
 * are gathered into an object without Object.prototype (so `__proto__=` is a
 * plain attribute, see CodegenState.attrsClass), checked against the definition, then `run` is called. In the
 * async variant of a template only calls of async plugins are awaited.
 */
import type { Attribute, BlockNode, Node, TagNode } from '@sumi/parser';
import type { Value } from '@sumi/php';
import { attrSpecs, type ResolvedSpec, resolveAttr } from '../../plugin/attributes';
import type { BlockPluginDef, FunctionPluginDef } from '../../plugin/types';
import { compileExpr } from '../expressions';
import { jsString } from '../js-string';
import { literalOf } from '../php-calls';
import { type CodegenState, OUTPUT_CHECK } from '../state';
import { checkStaticAttrs } from './static-check';

/**
 * `def`: the plugin's declared attributes that are not written start as undefined, so the object
 * has all its properties from birth (adding them later, as the attribute check fills defaults
 * in, would cost V8 a property store per call).
 */
export function attrsObject(
  st: CodegenState,
  attrs: readonly Attribute[],
  def?: FunctionPluginDef | BlockPluginDef,
): string {
  return attrsCall(st, attrs, def).object;
}

/** the attribute object of a call of `def` and the resolver of its class (see attrsResolver) */
function attrsCall(
  st: CodegenState,
  attrs: readonly Attribute[],
  def?: FunctionPluginDef | BlockPluginDef,
): { object: string; resolver: string | undefined } {
  const given = attrs.map((a) => a.name);
  const absent = def ? Object.keys(def.attributes).filter((n) => !given.includes(n)) : [];
  const cls = st.attrsClass(given, absent);
  if (def === undefined) {
    return {
      object: `new ${cls}(${attrs.map((a) => compileExpr(st, a.value)).join(', ')})`,
      resolver: undefined,
    };
  }
  // what a literal (or an attribute left out) resolves to is the same on every call: it is resolved
  // now, goes into the object resolved, and the call's resolver leaves it alone
  const fixed = new Map<string, string>();
  const values = attrs.map((a) => {
    // (an attribute the plugin does not declare is handed on as written)
    const spec = specOf(def, a.name);
    const literal = spec === undefined ? undefined : literalOf(a.value);
    const js = spec === undefined || literal === undefined ? null : resolvedLiteral(def, spec, literal);
    // a name written twice: the last one is the attribute (as the object's constructor has it)
    if (js === null) fixed.delete(a.name);
    else fixed.set(a.name, '');
    return js ?? compileExpr(st, a.value);
  });
  for (const name of absent) {
    const js = resolvedLiteral(def, specOf(def, name)!, undefined);
    if (js !== null) fixed.set(name, js === 'undefined' ? '' : js);
  }
  return { object: `new ${cls}(${values.join(', ')})`, resolver: st.attrsResolver(def, cls, fixed) };
}

/** the declared attribute `name` of `def` (undefined for one it does not declare: `__proto__` is a name like any) */
function specOf(def: FunctionPluginDef | BlockPluginDef, name: string): ResolvedSpec | undefined {
  return attrSpecs(def).find((r) => r.name === name);
}

/**
 * `resolveAttr` of a literal (or of `undefined`, an attribute left out), done at compile time, as JS:
 * only when it is a string, an int, a boolean, null or undefined and the resolution neither failed
 * nor warned (those stay with the call, which reports them at its place); else null.
 */
function resolvedLiteral(
  def: FunctionPluginDef | BlockPluginDef,
  spec: ResolvedSpec,
  literal: Value | undefined,
): string | null {
  let warned = false;
  let out: Value;
  try {
    out = resolveAttr(def, spec, literal, { warn: () => (warned = true) });
  } catch {
    return null;
  }
  if (warned) return null;
  if (out === undefined) return 'undefined';
  if (out === null || typeof out === 'boolean') return String(out);
  if (typeof out === 'string') return jsString(out);
  if (typeof out === 'number' && Number.isSafeInteger(out) && !Object.is(out, -0)) return String(out);
  return null;
}

/** `rt.call` (or `rt.callAsync`, awaited) of `def` with the tag's attributes, and `body` for a block */
function callExpr(
  st: CodegenState,
  def: FunctionPluginDef | BlockPluginDef,
  pos: number,
  attrs: readonly Attribute[],
  body = 'undefined',
  awaited = st.options.async && def.async === true,
): string {
  const d = st.constant(def);
  const { object, resolver } = attrsCall(st, attrs, def);
  const args = `${d}, ${pos}, ${object}, ${body}, ${resolver}`;
  return awaited ? `rt.back(await rt.callAsync(${args}))` : `rt.call(${args})`;
}

export function compilePluginTag(
  st: CodegenState,
  n: TagNode,
  def: FunctionPluginDef,
  withModifiers: (value: string) => string,
): string {
  if (!checkStaticAttrs(st, def, n)) return '';
  const pos = st.position(n.span);
  const r = st.id('r');
  if (def.async) st.usesAsync = true;
  const call = callExpr(st, def, pos, n.attrs);
  const print = n.modifiers.length
    ? `o += str(${withModifiers(r)});${OUTPUT_CHECK}`
    : `if (${r} != null) { o += ${r};${OUTPUT_CHECK} }`;
  return `p = ${pos}; { const ${r} = ${call}; ${print} }\n`;
}

/** `compileNodes`: codegen's, handed in (codegen calls this module) */
export function compilePluginBlock(
  st: CodegenState,
  n: BlockNode,
  def: BlockPluginDef,
  compileNodes: (nodes: readonly Node[]) => string,
): string {
  if (!checkStaticAttrs(st, def, n)) return '';
  const pos = st.position(n.openSpan);
  // the body is its own function: loops outside it cannot be left from inside
  const loops = st.loops.splice(0);
  // a block that repeats its body is a loop for {break}/{continue}: they end this pass of the body
  const frame = def.loop ? st.loopFrame(st.id('B'), 'block', n.body, new Set()) : null;
  if (frame) st.loops.push(frame);
  const outerAsync = st.usesAsync;
  st.usesAsync = false;
  st.buffered++;
  let body = compileNodes(n.body);
  st.buffered--;
  if (frame) {
    st.loops.pop();
    body = `${frame.decls.join('')}${frame.label}: {\n${body}}\n`;
  }
  // the body needs awaiting only when something inside it is async
  const bodyAsync = st.options.async && st.usesAsync;
  st.usesAsync = outerAsync || st.usesAsync;
  st.loops.push(...loops);
  const bodyObj = `{ render: ${bodyAsync ? 'async () =>' : '() =>'} { let o = ''; ${body}return o; } }`;
  const r = st.id('r');
  if (def.async) st.usesAsync = true;
  const call = callExpr(
    st,
    def,
    pos,
    n.attrs,
    bodyObj,
    st.options.async && (def.async === true || bodyAsync),
  );
  return `p = ${pos}; { const ${r} = ${call}; if (${r} != null) { o += ${r};${OUTPUT_CHECK} } }\n`;
}
