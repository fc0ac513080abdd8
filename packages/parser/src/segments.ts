/**
 * Template-level segmentation, in Smarty 2's order (Smarty_Compiler::_compile_file):
 *
 * 1. Special blocks are found first, leftmost first, over the whole source:
 *    `{*...*}` (ends at the first `*}`), `{ literal }...{ /literal }` and
 *    `{ php }...{ /php }` (whitespace allowed inside the delimiters). A `{literal}`
 *    without a closing tag is not special (it becomes an ordinary, unknown tag).
 * 2. Tags are `{\s*(.*?)\s*}`: lazily up to the FIRST right delimiter, quotes or not.
 *    A left delimiter with no right delimiter after it is plain text.
 *
 * Everything runs in linear time: each failed search for a closer is remembered.
 */
import { isSpace } from './chars';

export type Segment =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'comment'; start: number; end: number }
  | {
      kind: 'literal' | 'php';
      start: number;
      end: number;
      /** `{ literal }` */
      openEnd: number;
      /** start of `{ /literal }` */
      closeStart: number;
    }
  | {
      kind: 'tag';
      start: number;
      end: number;
      /** the tag content with surrounding whitespace trimmed */
      innerStart: number;
      innerEnd: number;
      /** the lazy match ran into a folded special block: never a valid tag */
      broken: boolean;
    };

type Special = Extract<Segment, { kind: 'comment' | 'literal' | 'php' }>;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const WS = '[ \\t\\n\\x0B\\f\\r]*';

/** Step 1: the special blocks, leftmost first. */
export function findSpecials(src: string, ld: string, rd: string): Special[] {
  const out: Special[] = [];
  const ldl = ld.length;
  const starRd = `*${rd}`;
  const openRe = new RegExp(`${escapeRe(ld)}${WS}(literal|php)${WS}${escapeRe(rd)}`, 'y');
  const closeRe = {
    literal: new RegExp(`${escapeRe(ld)}${WS}/literal${WS}${escapeRe(rd)}`, 'g'),
    php: new RegExp(`${escapeRe(ld)}${WS}/php${WS}${escapeRe(rd)}`, 'g'),
  };
  const exhausted = { comment: false, literal: false, php: false };
  let p = 0;
  for (;;) {
    const i = src.indexOf(ld, p);
    if (i < 0) break;
    p = i + 1;
    if (!exhausted.comment && src.charCodeAt(i + ldl) === 42) {
      const e = src.indexOf(starRd, i + ldl + 1);
      if (e >= 0) {
        out.push({ kind: 'comment', start: i, end: e + starRd.length });
        p = e + starRd.length;
        continue;
      }
      exhausted.comment = true;
    }
    // `{literal}` and `{php}` are rare: the regex only runs where one may start
    const c = src.charCodeAt(i + ldl);
    if (c !== 108 && c !== 112 && !isSpace(c)) continue;
    openRe.lastIndex = i;
    const m = openRe.exec(src);
    if (m) {
      const kind = m[1] as 'literal' | 'php';
      if (exhausted[kind]) continue;
      const re = closeRe[kind];
      re.lastIndex = openRe.lastIndex;
      const c = re.exec(src);
      if (!c) {
        exhausted[kind] = true;
        continue;
      }
      out.push({
        kind,
        start: i,
        end: c.index + c[0].length,
        openEnd: openRe.lastIndex,
        closeStart: c.index,
      });
      p = c.index + c[0].length;
    }
  }
  return out;
}

/**
 * Steps 1 and 2: the whole template as text, special blocks and tags, in order.
 * Segments are handed to `emit` one at a time (they die young; a parse of a large
 * template would otherwise keep hundreds of thousands of them alive).
 */
export function segment(src: string, ld: string, rd: string, emit: (s: Segment) => void): void {
  const specials = findSpecials(src, ld, rd);
  const ldl = ld.length;
  const rdl = rd.length;
  let si = 0;
  let textStart = 0;
  let p = 0;
  for (;;) {
    const sp = si < specials.length ? specials[si] : null;
    const i = src.indexOf(ld, p);
    if (i < 0 && !sp) break;
    if (sp && (i < 0 || sp.start <= i)) {
      if (sp.start > textStart) emit({ kind: 'text', start: textStart, end: sp.start });
      emit(sp);
      si++;
      p = textStart = sp.end;
      continue;
    }
    const j = src.indexOf(rd, i + ldl);
    if (sp && (j < 0 || sp.start < j + rdl)) {
      // the lazy `.*?` reaches the placeholder Smarty folded the special block into
      if (i > textStart) emit({ kind: 'text', start: textStart, end: i });
      emit({ kind: 'tag', start: i, end: sp.end, innerStart: i + ldl, innerEnd: sp.end, broken: true });
      si++;
      p = textStart = sp.end;
      continue;
    }
    if (j < 0) break;
    let a = i + ldl;
    let b = j;
    while (a < b && isSpace(src.charCodeAt(a))) a++;
    while (b > a && isSpace(src.charCodeAt(b - 1))) b--;
    if (i > textStart) emit({ kind: 'text', start: textStart, end: i });
    emit({ kind: 'tag', start: i, end: j + rdl, innerStart: a, innerEnd: b, broken: false });
    p = textStart = j + rdl;
  }
  if (textStart < src.length) emit({ kind: 'text', start: textStart, end: src.length });
}
