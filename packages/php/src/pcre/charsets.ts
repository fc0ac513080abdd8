/**
 * Character sets of PCRE2 as PHP configures it: ASCII-only classes without `u`
 * (PHP uses the C locale tables), Unicode classes with `u` (PHP sets PCRE2_UCP,
 * PCRE2 10.40 as bundled with PHP 8.2: \w is \p{L}\p{N}_ and script names match
 * Script_Extensions).
 *
 * A set is a union of code-point ranges (in pattern units: bytes without `u`,
 * code points with `u`) and JS Unicode properties.
 */

export type Range = [number, number];

export interface Prop {
  /** JS property expression inside \p{...}: `Lu`, `Script_Extensions=Han`, `Alphabetic` */
  name: string;
  negated: boolean;
  /** PCRE2 never applies caseless matching to \p; JS does, which matters for these */
  caseSensitive: boolean;
}

export interface SetItem {
  ranges: Range[];
  props: Prop[];
  /** the complement of ranges ∪ props */
  negated: boolean;
}

export interface ClassSpec {
  negated: boolean;
  items: SetItem[];
}

export function rangesItem(ranges: Range[], negated = false): SetItem {
  return { ranges, props: [], negated };
}

function propsItem(names: string[], ranges: Range[] = [], negated = false, caseSensitive = false): SetItem {
  return { ranges, props: names.map((name) => ({ name, negated: false, caseSensitive })), negated };
}

const DIGIT: Range[] = [[0x30, 0x39]];
const UPPER: Range[] = [[0x41, 0x5a]];
const LOWER: Range[] = [[0x61, 0x7a]];
const ALPHA: Range[] = [...UPPER, ...LOWER];
const ALNUM: Range[] = [...DIGIT, ...ALPHA];
const WORD: Range[] = [...DIGIT, ...UPPER, [0x5f, 0x5f], ...LOWER];
/** PCRE2 \s: space, \t \n \v \f \r */
const SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];
const H_BYTES: Range[] = [
  [0x09, 0x09],
  [0x20, 0x20],
  [0xa0, 0xa0],
];
const H_UNICODE: Range[] = [
  ...H_BYTES,
  [0x1680, 0x1680],
  [0x180e, 0x180e],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
const V_BYTES: Range[] = [
  [0x0a, 0x0d],
  [0x85, 0x85],
];
const V_UNICODE: Range[] = [...V_BYTES, [0x2028, 0x2029]];

/** \d \D \w \W \s \S \h \H \v \V \N (`letter` is the escape letter). */
export function escapeSet(letter: string, utf: boolean): SetItem {
  const negated = letter >= 'A' && letter <= 'Z';
  switch (letter.toLowerCase()) {
    case 'd':
      return utf ? propsItem(['Nd'], [], negated) : rangesItem(DIGIT, negated);
    case 'w':
      return utf ? propsItem(['L', 'N'], [[0x5f, 0x5f]], negated) : rangesItem(WORD, negated);
    case 's':
      return utf
        ? propsItem(['Z'], [...SPACE, [0x85, 0x85], [0x180e, 0x180e]], negated)
        : rangesItem(SPACE, negated);
    case 'h':
      return rangesItem(utf ? H_UNICODE : H_BYTES, negated);
    case 'v':
      return rangesItem(utf ? V_UNICODE : V_BYTES, negated);
    case 'n':
      return rangesItem([[0x0a, 0x0a]], true);
  }
  throw new Error(`escapeSet: ${letter}`);
}

/** Code points < 256 with the Unicode S (symbol) property: part of [:punct:] in UCP mode. */
function latin1Symbols(): Range[] {
  const out: Range[] = [];
  const re = /\p{S}/u;
  for (let c = 0; c < 256; c++) {
    if (!re.test(String.fromCharCode(c))) continue;
    const last = out[out.length - 1];
    if (last !== undefined && last[1] === c - 1) last[1] = c;
    else out.push([c, c]);
  }
  return out;
}

/** Cf characters PCRE2 leaves out of [:graph:] */
const GRAPH_EXCLUDED: Range[] = [
  [0x061c, 0x061c],
  [0x180e, 0x180e],
  [0x2066, 0x2069],
];

/** [:name:] or [:^name:]; null for an unknown name. */
export function posixSet(name: string, negated: boolean, utf: boolean): SetItem | null {
  if (!utf) {
    const ascii: Record<string, Range[]> = {
      alpha: ALPHA,
      digit: DIGIT,
      alnum: ALNUM,
      upper: UPPER,
      lower: LOWER,
      space: SPACE,
      blank: [
        [0x09, 0x09],
        [0x20, 0x20],
      ],
      cntrl: [
        [0x00, 0x1f],
        [0x7f, 0x7f],
      ],
      graph: [[0x21, 0x7e]],
      print: [[0x20, 0x7e]],
      punct: [
        [0x21, 0x2f],
        [0x3a, 0x40],
        [0x5b, 0x60],
        [0x7b, 0x7e],
      ],
      xdigit: [
        [0x30, 0x39],
        [0x41, 0x46],
        [0x61, 0x66],
      ],
      word: WORD,
      ascii: [[0x00, 0x7f]],
    };
    // own properties only: `[[:constructor:]]` is an unknown class, not Object.prototype's
    return Object.hasOwn(ascii, name) ? rangesItem(ascii[name], negated) : null;
  }
  switch (name) {
    case 'alpha':
      return propsItem(['L'], [], negated);
    case 'digit':
      return propsItem(['Nd'], [], negated);
    case 'alnum':
      return propsItem(['L', 'N'], [], negated);
    case 'upper':
      return propsItem(['Lu'], [], negated, true);
    case 'lower':
      return propsItem(['Ll'], [], negated, true);
    case 'space':
      return propsItem(['Z'], [...SPACE], negated);
    case 'blank':
      return rangesItem(H_UNICODE, negated);
    case 'cntrl':
      return propsItem(['Cc'], [], negated);
    case 'word':
      return propsItem(['L', 'N'], [[0x5f, 0x5f]], negated);
    case 'graph':
      // L, M, N, P, S, Cf minus a few Cf = everything but Z, Cc, Cn, Co, Cs and those
      return propsItem(['Z', 'Cc', 'Cn', 'Co', 'Cs'], GRAPH_EXCLUDED, !negated);
    case 'print':
      return propsItem(['Zl', 'Zp', 'Cc', 'Cn', 'Co', 'Cs'], GRAPH_EXCLUDED, !negated);
    case 'punct':
      return propsItem(['P'], latin1Symbols(), negated);
    case 'xdigit':
      return rangesItem(
        [
          [0x30, 0x39],
          [0x41, 0x46],
          [0x61, 0x66],
        ],
        negated,
      );
    case 'ascii':
      return rangesItem([[0x00, 0x7f]], negated);
  }
  return null;
}

const CATEGORIES = [
  'C',
  'Cc',
  'Cf',
  'Cn',
  'Co',
  'Cs',
  'L',
  'Ll',
  'Lm',
  'Lo',
  'Lt',
  'Lu',
  'M',
  'Mc',
  'Me',
  'Mn',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Pe',
  'Pf',
  'Pi',
  'Po',
  'Ps',
  'S',
  'Sc',
  'Sk',
  'Sm',
  'So',
  'Z',
  'Zl',
  'Zp',
  'Zs',
];
const CASE_SENSITIVE_CATEGORIES = new Set(['Ll', 'Lu', 'Lt']);

const SCRIPTS =
  'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki ' +
  'Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee ' +
  'Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan ' +
  'Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi ' +
  'Gurmukhi Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited ' +
  'Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi ' +
  'Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani ' +
  'Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui ' +
  'Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari ' +
  'New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian ' +
  'Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong ' +
  'Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian ' +
  'Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le ' +
  'Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Toto Ugaritic Vai ' +
  'Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square Unknown';

/** ISO 15924 codes PCRE2 10.40 accepts for the common scripts */
const SCRIPT_CODES: Record<string, string> = {
  arab: 'Arabic',
  armn: 'Armenian',
  beng: 'Bengali',
  bopo: 'Bopomofo',
  cyrl: 'Cyrillic',
  deva: 'Devanagari',
  ethi: 'Ethiopic',
  geor: 'Georgian',
  grek: 'Greek',
  gujr: 'Gujarati',
  guru: 'Gurmukhi',
  hang: 'Hangul',
  hani: 'Han',
  hebr: 'Hebrew',
  hira: 'Hiragana',
  kana: 'Katakana',
  khmr: 'Khmer',
  knda: 'Kannada',
  laoo: 'Lao',
  latn: 'Latin',
  mlym: 'Malayalam',
  mong: 'Mongolian',
  mymr: 'Myanmar',
  orya: 'Oriya',
  sinh: 'Sinhala',
  taml: 'Tamil',
  telu: 'Telugu',
  thaa: 'Thaana',
  thai: 'Thai',
  tibt: 'Tibetan',
  zyyy: 'Common',
  zinh: 'Inherited',
  zzzz: 'Unknown',
};

const BINARY_PROPERTIES =
  'ASCII ASCII_Hex_Digit Alphabetic Assigned Bidi_Control Bidi_Mirrored Case_Ignorable Cased ' +
  'Changes_When_Casefolded Changes_When_Casemapped Changes_When_Lowercased Changes_When_NFKC_Casefolded ' +
  'Changes_When_Titlecased Changes_When_Uppercased Dash Default_Ignorable_Code_Point Deprecated Diacritic Emoji ' +
  'Emoji_Component Emoji_Modifier Emoji_Modifier_Base Emoji_Presentation Extended_Pictographic Extender ' +
  'Grapheme_Base Grapheme_Extend Hex_Digit IDS_Binary_Operator IDS_Trinary_Operator ID_Continue ID_Start ' +
  'Ideographic Join_Control Logical_Order_Exception Lowercase Math Noncharacter_Code_Point Pattern_Syntax ' +
  'Pattern_White_Space Quotation_Mark Radical Regional_Indicator Sentence_Terminal Soft_Dotted ' +
  'Terminal_Punctuation Unified_Ideograph Uppercase Variation_Selector White_Space XID_Continue XID_Start';
const CASE_SENSITIVE_BINARY = new Set([
  'Lowercase',
  'Uppercase',
  'Changes_When_Casefolded',
  'Changes_When_Casemapped',
  'Changes_When_Lowercased',
  'Changes_When_Titlecased',
  'Changes_When_Uppercased',
  'Changes_When_NFKC_Casefolded',
]);

/** PCRE2's loose name matching: case, spaces, hyphens and underscores do not count. */
function loose(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

const CATEGORY_BY_NAME = new Map<string, string>();
for (const c of CATEGORIES) CATEGORY_BY_NAME.set(loose(c), c);
CATEGORY_BY_NAME.set('l&', 'LC');
CATEGORY_BY_NAME.set('lc', 'LC');

const SCRIPT_BY_NAME = new Map<string, string>();
for (const s of SCRIPTS.split(' ')) SCRIPT_BY_NAME.set(loose(s), s);
for (const [code, s] of Object.entries(SCRIPT_CODES)) SCRIPT_BY_NAME.set(code, s);

const BINARY_BY_NAME = new Map<string, string>();
for (const b of BINARY_PROPERTIES.split(' ')) BINARY_BY_NAME.set(loose(b), b);

/**
 * The set for \p{name} (`negated` for \P or \p{^...}); null when PCRE2 would not
 * know the name. Only meaningful with `u` (the caller rejects \p without it).
 */
export function propertySet(rawName: string, negated: boolean): SetItem | null {
  let name = rawName;
  let kind: 'any' | 'script' | 'scx' = 'any';
  const colon = name.search(/[:=]/);
  if (colon >= 0) {
    const key = loose(name.slice(0, colon));
    name = name.slice(colon + 1);
    if (key === 'sc' || key === 'script') kind = 'script';
    else if (key === 'scx' || key === 'scriptextensions') kind = 'scx';
    else if (key === 'gc' || key === 'generalcategory') {
      const cat = CATEGORY_BY_NAME.get(loose(name));
      return cat === undefined ? null : categoryItem(cat, negated);
    } else return null;
  }
  const key = loose(name);
  if (kind === 'any') {
    const cat = CATEGORY_BY_NAME.get(key);
    if (cat !== undefined) return categoryItem(cat, negated);
    switch (key) {
      case 'any':
        return propsItem(['Any'], [], negated);
      case 'xan':
        return propsItem(['L', 'N'], [], negated);
      case 'xps':
      case 'xsp':
        return propsItem(['Z'], [...SPACE], negated);
      case 'xwd':
        return propsItem(['L', 'N'], [[0x5f, 0x5f]], negated);
      case 'xuc':
        return rangesItem(
          [
            [0x24, 0x24],
            [0x40, 0x40],
            [0x60, 0x60],
            [0xa0, 0xd7ff],
            [0xe000, 0x10ffff],
          ],
          negated,
        );
    }
    const bin = BINARY_BY_NAME.get(key);
    if (bin !== undefined) return propItem(bin, negated, CASE_SENSITIVE_BINARY.has(bin));
  }
  const script = SCRIPT_BY_NAME.get(key);
  if (script === undefined) return null;
  // PCRE2 10.40: an unadorned script name means Script_Extensions
  const prefix = kind === 'script' ? 'Script=' : 'Script_Extensions=';
  return propItem(prefix + script, negated, false);
}

function categoryItem(cat: string, negated: boolean): SetItem {
  return propItem(cat, negated, CASE_SENSITIVE_CATEGORIES.has(cat));
}

function propItem(name: string, negated: boolean, caseSensitive: boolean): SetItem {
  // a single property complements itself with \P: no set-level negation needed
  return { ranges: [], props: [{ name, negated, caseSensitive }], negated: false };
}
