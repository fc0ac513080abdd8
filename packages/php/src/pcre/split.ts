/** preg_split (php_pcre_split_impl, PHP 8.2) and preg_quote. */
import { PhpArray } from '../array';
import type { Value } from '../value';
import type { CompiledPattern } from './compile';
import { PREG_SPLIT_DELIM_CAPTURE, PREG_SPLIT_NO_EMPTY, PREG_SPLIT_OFFSET_CAPTURE } from './constants';
import { checkFidelity, groupSpan, groupUnits, type Hit, Matcher, Subject, setCount } from './exec';
import { PREG_NO_ERROR, setPregError } from './last-error';
import { compileForCall, matchLimit } from './match';

/**
 * preg_split($pattern, $subject, $limit, $flags). limit -1 or 0: no limit.
 * flags: PREG_SPLIT_NO_EMPTY (1), PREG_SPLIT_DELIM_CAPTURE (2), PREG_SPLIT_OFFSET_CAPTURE (4).
 * Throws PcreError: a bad pattern (PHP: warning and false), kind 'limit' past
 * pcre.backtrack_limit (PHP: false, see pregLastError()).
 */
export function pregSplit(pattern: string, subject: string, limit = -1, flags = 0): PhpArray {
  setPregError(PREG_NO_ERROR);
  try {
    return split(compileForCall(pattern), subject, limit, flags);
  } catch (e) {
    matchLimit(e);
    throw e;
  }
}

function split(cp: CompiledPattern, subject: string, limit: number, flags: number): PhpArray {
  const subj = new Subject(cp, subject);
  const noEmpty = (flags & PREG_SPLIT_NO_EMPTY) !== 0;
  const delimCapture = (flags & PREG_SPLIT_DELIM_CAPTURE) !== 0;
  const offsetCapture = (flags & PREG_SPLIT_OFFSET_CAPTURE) !== 0;
  const out = new PhpArray();
  const len = subj.length;

  const add = (start: number, end: number): void => {
    const text = subj.slice(start, end);
    out.push(offsetCapture ? PhpArray.fromList([text, subj.byteOf(start)]) : text);
  };
  const addGroup = (hit: Hit, k: number): void => {
    const units = groupUnits(hit, k);
    if (units === undefined) {
      if (!noEmpty) out.push(offsetCapture ? PhpArray.fromList(['', -1]) : '');
      return;
    }
    if (noEmpty && units === '') return;
    const text = subj.decode(units);
    out.push(offsetCapture ? PhpArray.fromList([text, subj.byteOf(groupSpan(hit, k)![0])]) : (text as Value));
  };

  let last = 0;
  let lim = limit;
  if (lim === 0) lim = -1;
  if (lim === -1 || lim > 1) {
    const matcher = new Matcher(subj, offsetCapture);
    for (const hit of matcher.all(0, () => lim !== -1 && lim <= 1)) {
      if (delimCapture) checkFidelity(cp, hit);
      if (!noEmpty || hit.start !== last) {
        add(last, hit.start);
        if (lim !== -1) lim--;
      }
      if (delimCapture) {
        const count = setCount(hit, cp.captureCount);
        for (let k = 1; k < count; k++) addGroup(hit, k);
      }
      last = hit.end;
    }
  }
  if (!noEmpty || last < len) add(last, len);
  return out;
}

/** preg_quote($str, $delimiter): escapes . \ + * ? [ ^ ] $ ( ) { } = ! < > | : - # and NUL (as \000). */
export function pregQuote(str: string, delimiter: string | null = null): string {
  let delim = '';
  if (delimiter !== null && delimiter !== '') {
    const first = delimiter.codePointAt(0)!;
    // PHP compares bytes: a multi-byte delimiter quotes every character sharing its first byte
    delim = first < 0x80 ? String.fromCharCode(first) : String.fromCodePoint(first);
  }
  const leadByte = delim !== '' && delim.codePointAt(0)! >= 0x80 ? new TextEncoder().encode(delim)[0] : -1;
  let out = '';
  for (const ch of str) {
    switch (ch) {
      case '.':
      case '\\':
      case '+':
      case '*':
      case '?':
      case '[':
      case '^':
      case ']':
      case '$':
      case '(':
      case ')':
      case '{':
      case '}':
      case '=':
      case '!':
      case '>':
      case '<':
      case '|':
      case ':':
      case '-':
      case '#':
        out += '\\' + ch;
        continue;
      case '\0':
        out += '\\000';
        continue;
    }
    if (
      ch === delim ||
      (leadByte >= 0 && ch.codePointAt(0)! >= 0x80 && new TextEncoder().encode(ch)[0] === leadByte)
    ) {
      out += '\\' + ch;
      continue;
    }
    out += ch;
  }
  return out;
}
