/**
 * mb_convert_kana(): mbstring's conversions between half-width and full-width ASCII, digits, spaces,
 * katakana and hiragana (libmbfl's mbfilter_tl_jisx0201_jisx0208), one pass over the code points.
 */

export const KANA = {
  HAN2ZEN_ALL: 0x1,
  HAN2ZEN_ALPHA: 0x2,
  HAN2ZEN_NUMERIC: 0x4,
  HAN2ZEN_SPACE: 0x8,
  ZEN2HAN_ALL: 0x10,
  ZEN2HAN_ALPHA: 0x20,
  ZEN2HAN_NUMERIC: 0x40,
  ZEN2HAN_SPACE: 0x80,
  HAN2ZEN_KATAKANA: 0x100,
  HAN2ZEN_HIRAGANA: 0x200,
  HAN2ZEN_GLUE: 0x800,
  ZEN2HAN_KATAKANA: 0x1000,
  ZEN2HAN_HIRAGANA: 0x2000,
  HIRA2KATA: 0x10000,
  KATA2HIRA: 0x20000,
  HAN2ZEN_COMPAT1: 0x40000,
  ZEN2HAN_COMPAT1: 0x80000,
} as const;

/** a Map: the letters come from the template, and no lookup may reach Object.prototype */
const MODE_LETTERS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    A: KANA.HAN2ZEN_ALL,
    a: KANA.ZEN2HAN_ALL,
    R: KANA.HAN2ZEN_ALPHA,
    r: KANA.ZEN2HAN_ALPHA,
    N: KANA.HAN2ZEN_NUMERIC,
    n: KANA.ZEN2HAN_NUMERIC,
    S: KANA.HAN2ZEN_SPACE,
    s: KANA.ZEN2HAN_SPACE,
    K: KANA.HAN2ZEN_KATAKANA,
    k: KANA.ZEN2HAN_KATAKANA,
    H: KANA.HAN2ZEN_HIRAGANA,
    h: KANA.ZEN2HAN_HIRAGANA,
    V: KANA.HAN2ZEN_GLUE,
    C: KANA.HIRA2KATA,
    c: KANA.KATA2HIRA,
    M: KANA.HAN2ZEN_COMPAT1,
    m: KANA.ZEN2HAN_COMPAT1,
  }),
);

/** Flag pairs PHP 8.2 refuses to combine, in the order it checks them (`k` with `h` is allowed). */
const CONFLICTS: readonly [string, string][] = [
  ['A', 'a'],
  ['R', 'r'],
  ['N', 'n'],
  ['S', 's'],
  ['K', 'k'],
  ['H', 'h'],
  ['M', 'm'],
  ['C', 'c'],
  ['H', 'K'],
];

/**
 * The flags of a mode string, or the ValueError message PHP 8.2 gives for a letter outside the
 * table (checked first) or a combination that contradicts itself.
 */
export function kanaModeFlags(mode: string): number | string {
  let flags = 0;
  for (const ch of mode) {
    const flag = MODE_LETTERS.get(ch);
    if (flag === undefined) return `mb_convert_kana(): Argument #2 ($mode) contains invalid flag: '${ch}'`;
    flags |= flag;
  }
  for (const [x, y] of CONFLICTS) {
    if (flags & MODE_LETTERS.get(x)! && flags & MODE_LETTERS.get(y)!) {
      return `mb_convert_kana(): Argument #2 ($mode) must not combine '${x}' and '${y}' flags`;
    }
  }
  return flags;
}

/** Full-width katakana for U+FF61..U+FF9F (half-width forms), in order. */
const HAN_TO_ZEN_KATA = [
  0x3002, 0x300c, 0x300d, 0x3001, 0x30fb, 0x30f2, 0x30a1, 0x30a3, 0x30a5, 0x30a7, 0x30a9, 0x30e3, 0x30e5,
  0x30e7, 0x30c3, 0x30fc, 0x30a2, 0x30a4, 0x30a6, 0x30a8, 0x30aa, 0x30ab, 0x30ad, 0x30af, 0x30b1, 0x30b3,
  0x30b5, 0x30b7, 0x30b9, 0x30bb, 0x30bd, 0x30bf, 0x30c1, 0x30c4, 0x30c6, 0x30c8, 0x30ca, 0x30cb, 0x30cc,
  0x30cd, 0x30ce, 0x30cf, 0x30d2, 0x30d5, 0x30d8, 0x30db, 0x30de, 0x30df, 0x30e0, 0x30e1, 0x30e2, 0x30e4,
  0x30e6, 0x30e8, 0x30e9, 0x30ea, 0x30eb, 0x30ec, 0x30ed, 0x30ef, 0x30f3, 0x309b, 0x309c,
];

/** Half-width forms (low byte of U+FFxx, second is a sound mark or 0) for ァ..ヴ (U+30A1..U+30F4). */
const ZEN_TO_HAN_KATA: readonly (readonly [number, number])[] = [
  [0x67, 0],
  [0x71, 0],
  [0x68, 0],
  [0x72, 0],
  [0x69, 0],
  [0x73, 0],
  [0x6a, 0],
  [0x74, 0],
  [0x6b, 0],
  [0x75, 0],
  [0x76, 0],
  [0x76, 0x9e],
  [0x77, 0],
  [0x77, 0x9e],
  [0x78, 0],
  [0x78, 0x9e],
  [0x79, 0],
  [0x79, 0x9e],
  [0x7a, 0],
  [0x7a, 0x9e],
  [0x7b, 0],
  [0x7b, 0x9e],
  [0x7c, 0],
  [0x7c, 0x9e],
  [0x7d, 0],
  [0x7d, 0x9e],
  [0x7e, 0],
  [0x7e, 0x9e],
  [0x7f, 0],
  [0x7f, 0x9e],
  [0x80, 0],
  [0x80, 0x9e],
  [0x81, 0],
  [0x81, 0x9e],
  [0x6f, 0],
  [0x82, 0],
  [0x82, 0x9e],
  [0x83, 0],
  [0x83, 0x9e],
  [0x84, 0],
  [0x84, 0x9e],
  [0x85, 0],
  [0x86, 0],
  [0x87, 0],
  [0x88, 0],
  [0x89, 0],
  [0x8a, 0],
  [0x8a, 0x9e],
  [0x8a, 0x9f],
  [0x8b, 0],
  [0x8b, 0x9e],
  [0x8b, 0x9f],
  [0x8c, 0],
  [0x8c, 0x9e],
  [0x8c, 0x9f],
  [0x8d, 0],
  [0x8d, 0x9e],
  [0x8d, 0x9f],
  [0x8e, 0],
  [0x8e, 0x9e],
  [0x8e, 0x9f],
  [0x8f, 0],
  [0x90, 0],
  [0x91, 0],
  [0x92, 0],
  [0x93, 0],
  [0x6c, 0],
  [0x94, 0],
  [0x6d, 0],
  [0x95, 0],
  [0x6e, 0],
  [0x96, 0],
  [0x97, 0],
  [0x98, 0],
  [0x99, 0],
  [0x9a, 0],
  [0x9b, 0],
  [0x9c, 0],
  [0x9c, 0],
  [0x72, 0],
  [0x74, 0],
  [0x66, 0],
  [0x9d, 0],
  [0x73, 0x9e],
];

/** Full-width punctuation that k/h turn into half-width forms. */
const ZEN_PUNCT_TO_HAN: Record<number, number> = {
  12290: 0xff61,
  12300: 0xff62,
  12301: 0xff63,
  12289: 0xff64,
  12539: 0xff65,
  12540: 0xff70,
  12443: 0xff9e,
  12444: 0xff9f,
};

/** Half-width katakana to full width; `hiragana` gives hiragana for the kana letters. */
function hanKanaToZen(c: number, hiragana: boolean): number {
  const z = HAN_TO_ZEN_KATA[c - 0xff61];
  return hiragana && z >= 0x30a1 && z <= 0x30f3 ? z - 0x60 : z;
}

/** Converts code points `cps` with mode `flags` (see `kanaModeFlags`). */
export function convertKana(cps: readonly number[], flags: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    // half-width ASCII to full width
    if (flags & KANA.HAN2ZEN_ALL && c >= 0x21 && c <= 0x7d && c !== 0x22 && c !== 0x27 && c !== 0x5c) {
      out.push(c + 0xfee0);
      continue;
    }
    if (flags & KANA.HAN2ZEN_ALPHA && ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) {
      out.push(c + 0xfee0);
      continue;
    }
    if (flags & KANA.HAN2ZEN_NUMERIC && c >= 0x30 && c <= 0x39) {
      out.push(c + 0xfee0);
      continue;
    }
    if (flags & KANA.HAN2ZEN_SPACE && c === 0x20) {
      out.push(0x3000);
      continue;
    }
    // half-width katakana to full-width katakana or hiragana
    if (flags & (KANA.HAN2ZEN_KATAKANA | KANA.HAN2ZEN_HIRAGANA) && c >= 0xff61 && c <= 0xff9f) {
      const hira = (flags & KANA.HAN2ZEN_HIRAGANA) !== 0;
      const next = cps[i + 1];
      if (flags & KANA.HAN2ZEN_GLUE && (next === 0xff9e || next === 0xff9f)) {
        const glued = glue(c, next, hira);
        if (glued !== 0) {
          out.push(glued);
          i++;
          continue;
        }
      }
      out.push(hanKanaToZen(c, hira));
      continue;
    }
    // full-width ASCII to half width
    if (
      flags & KANA.ZEN2HAN_ALL &&
      c >= 0xff01 &&
      c <= 0xff5d &&
      c !== 0xff02 &&
      c !== 0xff07 &&
      c !== 0xff3c
    ) {
      out.push(c - 0xfee0);
      continue;
    }
    if (flags & KANA.ZEN2HAN_ALL && c === 0x2212) {
      out.push(0x2d);
      continue;
    }
    if (flags & KANA.ZEN2HAN_ALPHA && ((c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a))) {
      out.push(c - 0xfee0);
      continue;
    }
    if (flags & KANA.ZEN2HAN_NUMERIC && c >= 0xff10 && c <= 0xff19) {
      out.push(c - 0xfee0);
      continue;
    }
    if (flags & KANA.ZEN2HAN_SPACE && c === 0x3000) {
      out.push(0x20);
      continue;
    }
    // full-width katakana / hiragana to half-width katakana
    if (flags & KANA.ZEN2HAN_KATAKANA && c >= 0x30a1 && c <= 0x30f4) {
      pushHan(out, ZEN_TO_HAN_KATA[c - 0x30a1]);
      continue;
    }
    if (flags & KANA.ZEN2HAN_HIRAGANA && c >= 0x3041 && c <= 0x3093) {
      pushHan(out, ZEN_TO_HAN_KATA[c - 0x3041]);
      continue;
    }
    if (flags & (KANA.ZEN2HAN_KATAKANA | KANA.ZEN2HAN_HIRAGANA) && ZEN_PUNCT_TO_HAN[c] !== undefined) {
      out.push(ZEN_PUNCT_TO_HAN[c]);
      continue;
    }
    // hiragana <-> katakana
    if (flags & KANA.HIRA2KATA && ((c >= 0x3041 && c <= 0x3093) || c === 0x309d || c === 0x309e)) {
      out.push(c + 0x60);
      continue;
    }
    if (flags & KANA.KATA2HIRA && ((c >= 0x30a1 && c <= 0x30f3) || c === 0x30fd || c === 0x30fe)) {
      out.push(c - 0x60);
      continue;
    }
    // M/m: the quotes, backslash, yen sign and overline that A/a leave alone
    const compat =
      flags & KANA.HAN2ZEN_COMPAT1
        ? HAN_TO_ZEN_COMPAT.get(c)
        : flags & KANA.ZEN2HAN_COMPAT1
          ? ZEN_TO_HAN_COMPAT.get(c)
          : undefined;
    out.push(compat ?? c);
  }
  return out;
}

const HAN_TO_ZEN_COMPAT: ReadonlyMap<number, number> = new Map([
  [0x22, 0x201d],
  [0x27, 0x2019],
  [0x5c, 0xffe5],
  [0x7e, 0xffe3],
  [0xa5, 0xffe5],
  [0x203e, 0xffe3],
]);
const ZEN_TO_HAN_COMPAT: ReadonlyMap<number, number> = new Map([
  [0x2018, 0x27],
  [0x2019, 0x27],
  [0x201c, 0x22],
  [0x201d, 0x22],
  [0x203e, 0x7e],
  [0xff3c, 0x5c],
  [0xffe3, 0x7e],
  [0xffe5, 0x5c],
]);

/** A half-width kana plus a sound mark as one full-width character, or 0 when they do not combine. */
function glue(c: number, mark: number, hiragana: boolean): number {
  const base = hanKanaToZen(c, hiragana);
  if (mark === 0xff9e) {
    if ((c >= 0xff76 && c <= 0xff84) || (c >= 0xff8a && c <= 0xff8e)) return base + 1;
    if (c === 0xff73 && !hiragana) return 0x30f4;
    return 0;
  }
  if (c >= 0xff8a && c <= 0xff8e) return base + 2;
  return 0;
}

function pushHan(out: number[], [ch, mark]: readonly [number, number]): void {
  out.push(0xff00 + ch);
  if (mark) out.push(0xff00 + mark);
}
