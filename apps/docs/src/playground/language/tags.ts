/**
 * The tags of a template as the parser's tokens show them (`{` … `}` around a tag name), paired
 * the way the parser pairs them: an opening block tag, its branches ({elseif}, {else},
 * {foreachelse}, {sectionelse}) and its closing tag share a group. Pure.
 */
import type { Token } from '@sumi/parser';

/**
 * Branch tags and the block each belongs to. Syntax of Smarty 2 that the parser implements
 * (packages/parser/src/parser.ts) without exporting a table of it.
 */
export const BRANCH_TAGS: Readonly<Record<string, string>> = {
  elseif: 'if',
  else: 'if',
  foreachelse: 'foreach',
  sectionelse: 'section',
};

export interface TagRef {
  /** the `{`, and the end of the `}` */
  start: number;
  end: number;
  /** the tag's name, without the `/` of a closing tag */
  name: string;
  nameStart: number;
  nameEnd: number;
  role: 'open' | 'branch' | 'close' | 'single';
  /** tags of one block share it; -1 for a tag outside any pair */
  group: number;
  /** an opening tag with its closing tag, a branch inside its block, a closing tag with its opening tag */
  matched: boolean;
}

/** Every tag (`{name …}`, `{/name}`, `{$x}`), in order, with its delimiters; comments are not tags. */
export function scanTags(
  source: string,
  tokens: readonly Token[],
  isBlock: (name: string) => boolean,
): TagRef[] {
  const out: TagRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'ldelim') continue;
    const start = tokens[i].start;
    let j = i + 1;
    while (j < tokens.length && tokens[j].type === 'whitespace') j++;
    const head = tokens[j];
    let k = j;
    while (k < tokens.length && tokens[k].type !== 'rdelim' && tokens[k].type !== 'ldelim') k++;
    const close = tokens[k];
    if (!head || !close || close.type !== 'rdelim') continue;
    i = k;
    if (head.type !== 'tagName' && head.type !== 'closeTagName') {
      // a printing tag ({$x|upper}): its delimiters pair, it has no name to pair
      const at = start + 1;
      out.push({
        start,
        end: close.end,
        name: '',
        nameStart: at,
        nameEnd: at,
        role: 'single',
        group: -1,
        matched: true,
      });
      continue;
    }
    const closing = head.type === 'closeTagName';
    const nameStart = closing ? head.start + 1 : head.start;
    const name = source.slice(nameStart, head.end);
    const role = closing
      ? 'close'
      : isBlock(name)
        ? 'open'
        : Object.hasOwn(BRANCH_TAGS, name)
          ? 'branch'
          : 'single';
    out.push({ start, end: close.end, name, nameStart, nameEnd: head.end, role, group: -1, matched: false });
  }
  pair(out);
  return out;
}

/** Groups opening, branch and closing tags with a stack, as the parser nests blocks. */
function pair(tags: TagRef[]): void {
  const stack: TagRef[] = [];
  let groups = 0;
  for (const t of tags) {
    if (t.role === 'open') {
      t.group = groups++;
      stack.push(t);
    } else if (t.role === 'branch') {
      const top = stack[stack.length - 1];
      if (top && top.name === BRANCH_TAGS[t.name]) {
        t.group = top.group;
        t.matched = true;
      }
    } else if (t.role === 'close') {
      // a closing tag closes the nearest open block of its name; blocks left open inside stay unmatched
      let at = stack.length - 1;
      while (at >= 0 && stack[at].name !== t.name) at--;
      if (at < 0) continue;
      const open = stack[at];
      stack.length = at;
      t.group = open.group;
      t.matched = true;
      open.matched = true;
    }
  }
}

/** The tag whose delimiters contain `pos` (touching either end counts), or null. */
export function tagAt(tags: readonly TagRef[], pos: number): TagRef | null {
  for (const t of tags) if (pos >= t.start && pos <= t.end) return t;
  return null;
}

/** The blocks still open at `pos`, innermost last. */
export function openBlocksAt(tags: readonly TagRef[], pos: number): TagRef[] {
  const stack: TagRef[] = [];
  for (const t of tags) {
    if (t.start >= pos) break;
    if (t.role === 'open' && t.end <= pos) stack.push(t);
    else if (t.role === 'close' && t.matched) {
      const at = stack.findLastIndex((o) => o.group === t.group);
      if (at >= 0) stack.length = at;
    }
  }
  return stack;
}
