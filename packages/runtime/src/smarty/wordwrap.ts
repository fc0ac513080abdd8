/**
 * PHP's wordwrap(), following ext/standard/string.c (both its single-char
 * fast path and the general path). Works on UTF-16 units where PHP works on
 * bytes: identical for ASCII text; for PHP's byte widths run it on a binary
 * string (one char per byte, see php/binary-string.ts), as {textformat}
 * and the wordwrap modifier do.
 */
import { PhpError, StringBuilder } from '@sumi/php';

export function wordwrap(text: string, width = 75, brk = '\n', cut = false): string {
  if (text === '') return '';
  if (brk === '') throw new PhpError('ValueError', 'wordwrap(): Argument #3 ($break) cannot be empty');
  if (width === 0 && cut)
    throw new PhpError(
      'ValueError',
      'wordwrap(): Argument #4 ($cut_long_words) cannot be true when argument #2 ($width) is 0',
    );
  const n = text.length;
  // the lines are built in chunks within the string cap: a split into characters (or one rope node
  // per line) would take 8 to 40 bytes per character of a long text
  const out = new StringBuilder();
  if (brk.length === 1 && !cut) {
    // spaces become the break in place; the places come in order (a place may be marked twice)
    let done = 0;
    const mark = (at: number) => {
      if (at < done) return;
      out.add(text.slice(done, at));
      out.add(brk);
      done = at + 1;
    };
    let laststart = 0;
    let lastspace = 0;
    for (let cur = 0; cur < n; cur++) {
      if (text[cur] === brk) laststart = lastspace = cur + 1;
      else if (text[cur] === ' ') {
        if (cur - laststart >= width) {
          mark(cur);
          laststart = cur + 1;
        }
        lastspace = cur;
      } else if (cur - laststart >= width && laststart !== lastspace) {
        mark(lastspace);
        laststart = lastspace + 1;
      }
    }
    if (done === 0) return text;
    out.add(text.slice(done));
    return out.toString();
  }
  let laststart = 0;
  let lastspace = 0;
  let cur = 0;
  for (; cur < n; cur++) {
    if (text[cur] === brk[0] && cur + brk.length < n && text.startsWith(brk, cur)) {
      out.add(text.slice(laststart, cur + brk.length));
      cur += brk.length - 1;
      laststart = lastspace = cur + 1;
    } else if (text[cur] === ' ') {
      if (cur - laststart >= width) {
        out.add(text.slice(laststart, cur));
        out.add(brk);
        laststart = cur + 1;
      }
      lastspace = cur;
    } else if (cur - laststart >= width && cut && laststart >= lastspace) {
      out.add(text.slice(laststart, cur));
      out.add(brk);
      laststart = lastspace = cur;
    } else if (cur - laststart >= width && laststart < lastspace) {
      out.add(text.slice(laststart, lastspace));
      out.add(brk);
      laststart = lastspace = lastspace + 1;
    }
  }
  if (laststart !== cur) out.add(text.slice(laststart, cur));
  return out.toString();
}
