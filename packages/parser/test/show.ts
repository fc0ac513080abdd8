/** Compact, readable renderings of AST nodes, so tests can assert whole trees in one line. */
import type { Accessor, Attribute, Expr, Modifier, Node } from '../src/index';

export function showExpr(e: Expr): string {
  switch (e.type) {
    case 'Var':
      return `$${e.name}${e.path.map(showAccessor).join('')}`;
    case 'String':
      return e.quote === 'bare' ? `bare(${JSON.stringify(e.value)})` : JSON.stringify(e.value);
    case 'Interp':
      return `interp(${e.parts.map((p) => (typeof p === 'string' ? JSON.stringify(p) : showExpr(p))).join(' ')})`;
    case 'Number':
      return e.float ? `${e.value}f` : String(e.value);
    case 'Bool':
      return String(e.value);
    case 'Null':
      return 'null';
    case 'Binary':
      return `(${e.op} ${showExpr(e.left)} ${showExpr(e.right)})`;
    case 'Unary':
      return `(${e.op} ${showExpr(e.arg)})`;
    case 'Call':
      return `${e.name}(${e.args.map(showExpr).join(', ')})`;
    case 'Is':
      return `(is${e.negated ? ' not' : ''} ${e.test} ${showExpr(e.value)}${e.by ? ` by ${showExpr(e.by)}` : ''})`;
    case 'Modified':
      return `${showExpr(e.value)}${e.modifiers.map(showModifier).join('')}`;
    case 'Group':
      return `[${showExpr(e.expr)}]`;
  }
}

export function showModifier(m: Modifier): string {
  return `|${m.whole ? '@' : ''}${m.name}${m.args.map((a) => `:${showExpr(a)}`).join('')}`;
}

function showAccessor(a: Accessor): string {
  switch (a.kind) {
    case 'key':
      return typeof a.key === 'number' ? `[${a.key}]` : `.${a.key}`;
    case 'var':
      return `[${showExpr(a.expr)}]`;
    case 'section':
      return `[section ${a.section}.${a.prop}]`;
    case 'prop':
      return `->${a.name}`;
  }
}

export function showAttrs(attrs: Attribute[]): string {
  return attrs.map((a) => `${a.name}=${showExpr(a.value)}`).join(' ');
}

export function showNodes(nodes: Node[]): string {
  return nodes.map(showNode).join(' ');
}

export function showNode(n: Node): string {
  switch (n.type) {
    case 'Text':
      return n.origin === 'text' ? JSON.stringify(n.value) : `${n.origin}(${JSON.stringify(n.value)})`;
    case 'Comment':
      return 'comment';
    case 'Print':
      return `{${showExpr(n.expr)}}`;
    case 'Tag':
      return `{${n.name}${n.modifiers.map(showModifier).join('')}${n.attrs.length ? ` ${showAttrs(n.attrs)}` : ''}}`;
    case 'Block':
      return `{${n.name}${n.attrs.length ? ` ${showAttrs(n.attrs)}` : ''}}[${showNodes(n.body)}]${
        n.alt ? `else[${showNodes(n.alt)}]` : ''
      }`;
    case 'If':
      return `{if ${n.branches.map((b) => `${showExpr(b.test)}: [${showNodes(b.body)}]`).join(' elseif ')}${
        n.alternate ? ` else [${showNodes(n.alternate)}]` : ''
      }}`;
  }
}
