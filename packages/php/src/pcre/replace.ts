/**
 * preg_replace (php_pcre_replace_impl): `$n`, `${n}` and `\n` references (n up
 * to 99), `\\` / `\$` escapes, unset groups → "", the limit, and arrays of
 * patterns / replacements / subjects.
 */
import { PhpArray } from '../array';
import { toStr } from '../convert';
import { PhpError } from '../errors';
import { cacheKey, HOST, StringBuilder } from '../host';
import type { Value } from '../value';
import { toByteString } from './bytes';
import type { CompiledPattern } from './compile';
import { checkFidelity, groupUnits, Matcher, Subject, setCount } from './exec';
import { PREG_NO_ERROR, setPregError } from './last-error';
import { compileForCall, matchLimit } from './match';

type Piece = string | number;

/** The replacement as literal pieces and group numbers (preg_get_backref and the walk_last rule). */
function parseReplacement(r: string): Piece[] {
  const key = cacheKey('preg-replacement\0', r);
  const cached = HOST.cache.get<Piece[]>(key);
  if (cached !== undefined) return cached;
  const out: Piece[] = [];
  let buf = '';
  let walkLast = '';
  const n = r.length;
  let i = 0;
  while (i < n) {
    const c = r[i];
    if (c === '\\' || c === '$') {
      if (walkLast === '\\') {
        // the backslash before escapes this character
        buf = buf.slice(0, -1) + c;
        i++;
        walkLast = '';
        continue;
      }
      const ref = backref(r, i);
      if (ref !== null) {
        if (buf !== '') out.push(buf);
        buf = '';
        out.push(ref[0]);
        i = ref[1];
        continue;
      }
    }
    buf += c;
    i++;
    walkLast = c;
  }
  if (buf !== '') out.push(buf);
  HOST.cache.set(key, out, r.length * 2 + out.length * 16);
  return out;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** [group, next index] for `$n`, `${n}`, `\n` at i, or null. */
function backref(r: string, i: number): [number, number] | null {
  if (i + 1 >= r.length || r[i + 1] === '\0') return null;
  let j = i;
  let brace = false;
  if (r[j] === '$' && r[j + 1] === '{') {
    brace = true;
    j++;
  }
  j++;
  if (!isDigit(r[j])) return null;
  let n = r.charCodeAt(j) - 48;
  j++;
  if (isDigit(r[j])) {
    n = n * 10 + r.charCodeAt(j) - 48;
    j++;
  }
  if (brace) {
    if (r[j] !== '}') return null;
    j++;
  }
  return [n, j];
}

/** One pattern over one subject; `counter.n` counts replacements. */
function replaceOne(
  cp: CompiledPattern,
  replacement: string,
  subject: string,
  limit: number,
  counter: { n: number },
): string {
  if (limit === 0) return subject;
  const subj = new Subject(cp, subject);
  const pieces = parseReplacement(replacement).map((p) =>
    typeof p === 'string' && !cp.utf ? toByteString(p) : p,
  );
  const refs = pieces.filter((p): p is number => typeof p === 'number');
  const units = subj.units;
  // built in chunks: `+=` per match keeps rope nodes per match (millions of matches exhaust the heap)
  const out = new StringBuilder();
  let last = 0;
  let left = limit < 0 ? Number.POSITIVE_INFINITY : limit;
  let any = false;
  for (const hit of new Matcher(subj, false).all(0, () => left === 0)) {
    if (left === 0) break; // a limit of 0 replaces nothing
    if (refs.length > 0) checkFidelity(cp, hit, refs);
    any = true;
    counter.n++;
    out.add(units.slice(last, hit.start));
    const count = setCount(hit, cp.captureCount);
    for (const p of pieces) {
      if (typeof p === 'string') out.add(p);
      else if (p < count) out.add(groupUnits(hit, p) ?? '');
    }
    last = hit.end;
    left--;
  }
  if (!any) return subject;
  out.add(units.slice(last));
  return subj.decode(out.toString());
}

function replaceInSubject(
  pattern: string | PhpArray,
  replacement: string | PhpArray,
  subject: string,
  limit: number,
  counter: { n: number },
): string {
  if (typeof pattern === 'string') {
    return replaceOne(compileForCall(pattern), replacement as string, subject, limit, counter);
  }
  let result = subject;
  const reps = replacement instanceof PhpArray ? replacement.values() : null;
  let r = 0;
  for (const p of pattern.values()) {
    let rep: string;
    if (reps === null) rep = replacement as string;
    else rep = r < reps.length ? toStr(reps[r++]) : '';
    result = replaceOne(compileForCall(toStr(p)), rep, result, limit, counter);
  }
  return result;
}

export function pregReplaceCount(
  pattern: string | PhpArray,
  replacement: string | PhpArray,
  subject: string | PhpArray,
  limit = -1,
): { result: string | PhpArray; count: number } {
  if (replacement instanceof PhpArray && !(pattern instanceof PhpArray)) {
    throw new PhpError(
      'TypeError',
      'preg_replace(): Argument #1 ($pattern) must be of type array when argument #2 ($replacement) is an array, string given',
    );
  }
  setPregError(PREG_NO_ERROR);
  const counter = { n: 0 };
  try {
    if (typeof subject === 'string') {
      return { result: replaceInSubject(pattern, replacement, subject, limit, counter), count: counter.n };
    }
    const out = new PhpArray();
    subject.forEach((v: Value, k) => {
      out.set(k, replaceInSubject(pattern, replacement, toStr(v), limit, counter));
    });
    return { result: out, count: counter.n };
  } catch (e) {
    // the error reaches the caller (withPcre: PHP's null); preg_last_error() is set
    matchLimit(e);
    throw e;
  }
}

/**
 * preg_replace($pattern, $replacement, $subject, $limit). Patterns and
 * replacements may be arrays (PHP pairing rules); an array subject gives an
 * array. Throws PcreError for a bad pattern (PHP: warning and null) and, kind
 * 'limit', for a match past pcre.backtrack_limit (PHP: null, see pregLastError()).
 */
export function pregReplace(
  pattern: string | PhpArray,
  replacement: string | PhpArray,
  subject: string,
  limit?: number,
): string;
export function pregReplace(
  pattern: string | PhpArray,
  replacement: string | PhpArray,
  subject: PhpArray,
  limit?: number,
): PhpArray;
export function pregReplace(
  pattern: string | PhpArray,
  replacement: string | PhpArray,
  subject: string | PhpArray,
  limit = -1,
): string | PhpArray {
  return pregReplaceCount(pattern, replacement, subject, limit).result;
}
