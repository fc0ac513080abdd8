import { describe, expect, it } from 'vitest';
import {
  digestText,
  ENT_COMPAT,
  ENT_NOQUOTES,
  ENT_QUOTES,
  htmlentities,
  htmlspecialchars,
  htmlspecialcharsSingleByte,
  phpHash,
  phpStripTags,
} from '../src/index';

describe('phpStripTags (PHP 8 strip_tags)', () => {
  it.each([
    ['<p>Para <b>bold</b><br/>next</p> x<y', null, 'Para boldnext x'],
    ['<p>Hi <b>there</b> <i>you</i></p><script>x()</script>', null, 'Hi there youx()'],
    ['<p>Hi <b>there</b> <i>you</i></p><script>x()</script>', '<b>', 'Hi <b>there</b> youx()'],
    ['<p>Hi <b>there</b> <i>you</i></p><script>x()</script>', '<b><i>', 'Hi <b>there</b> <i>you</i>x()'],
    ['a < b and c > d', null, 'a < b and c > d'],
    ['1 <2', null, '1 '],
    ['<a href="x>y">link</a>', null, 'link'],
    ["<a title='>'>t</a>", null, 't'],
    ['x<!-- comment <b> -->y', null, 'xy'],
    ['<?php echo 1; ?>text', null, 'text'],
    ['<!DOCTYPE html><p>d</p>', null, 'd'],
    ['<br/>a<BR>b<br />c', '<br>', '<br/>a<BR>b<br />c'],
    ['<P>x</P>', '<p>', '<P>x</P>'],
    ['', null, ''],
    ['日本<b>語</b>', null, '日本語'],
  ])('%j allow=%j', (input, allow, out) => {
    expect(phpStripTags(input, allow)).toBe(out);
  });
});

/** md5 of the UTF-8 bytes, to compare a big result with PHP's */
const md5 = (s: string) => digestText(phpHash('md5', new TextEncoder().encode(s)), false);

/** best of three runs, in ms */
function timeOf(f: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

describe('phpStripTags on hostile input (values from PHP 8.2)', () => {
  it.each([
    ['a<<b>c', 'a', 'a'],
    ['x<y<z', 'x', 'x'],
    ['>a<b>c<d', '>ac', '>a<b>c'],
    ['<<>>', '', ''],
    ['日本<b>語</b>', '日本語', '日本<b>語</b>'],
    ['<a<b<c>d>e>f', 'f', 'f'],
    ["a<'b>c'>d", 'ad', 'ad'],
    ['<a "x\'y" >z', 'z', '<a "x\'y" >z'],
    ['<!--a-->b<!-', 'b', 'b'],
    ['<? (a > b) ?>c', 'c', 'c'],
    ['<<<>>>x', 'x', 'x'],
    ["a<b>'<c>'d", "a''d", "a<b>''d"],
    ['<a title="<b>">t</a>', 't', '<a title="b">t</a>'],
    ['<a\n<b>x', '', ''],
    ['< a<b>c', '< ac', '< a<b>c'],
    ['1<2>3<4', '13', '13'],
    ['<?xml version="1.0"?>y', 'y', 'y'],
    ['<!DOCTYPE x>z', 'z', 'z'],
    ['<a href=\'x\'"y">q</a>r', 'qr', '<a href=\'x\'"y">q</a>r'],
  ])('%j: %j, with <b><a>: %j', (input, out, outAllowed) => {
    expect(phpStripTags(input, null)).toBe(out);
    expect(phpStripTags(input, '<b><a>')).toBe(outAllowed);
  });

  it.each([
    // unclosed tags and a run of `x<`
    [
      '<a '.repeat(300000) + '>' + 'x<'.repeat(200000),
      'd41d8cd98f00b204e9800998ecf8427e',
      'd41d8cd98f00b204e9800998ecf8427e',
    ],
    // quotes that open and never close
    [`<'"`.repeat(500000), 'd41d8cd98f00b204e9800998ecf8427e', 'd41d8cd98f00b204e9800998ecf8427e'],
    // a quoted `>` in every tag
    [
      "<a title='>'>t</a>".repeat(100000),
      '075417d4b62b52ed67dc1e8e5c3b8405',
      '5f419d6699cd75ae7bc55bc7e16b9df1',
    ],
    [
      '<'.repeat(1000000) + 'a>'.repeat(10),
      'd41d8cd98f00b204e9800998ecf8427e',
      'd41d8cd98f00b204e9800998ecf8427e',
    ],
  ])("1-2 MB: md5 of the result is PHP's (input %#)", (input, plain, allowed) => {
    expect(md5(phpStripTags(input, null))).toBe(plain);
    expect(md5(phpStripTags(input, '<b><a>'))).toBe(allowed);
  });

  it('time grows linearly with the input (4x the input: well under 16x the time)', () => {
    for (const unit of ['<a ', `<'"`, "<a title='>'>t</a>", '<', 'x<b>y</b> ']) {
      const small = unit.repeat(Math.ceil(100_000 / unit.length));
      const big = small.repeat(4);
      for (const allow of [null, '<b><a>']) {
        const ratio =
          timeOf(() => phpStripTags(big, allow)) /
          Math.max(
            timeOf(() => phpStripTags(small, allow)),
            0.5,
          );
        expect(ratio).toBeLessThan(10);
      }
    }
  });
});

describe('htmlspecialchars / htmlentities', () => {
  it('ENT_QUOTES', () => {
    expect(htmlspecialchars(`<a href="x">'&'</a>`, ENT_QUOTES, 'UTF-8')).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#039;&amp;&#039;&lt;/a&gt;',
    );
    expect(htmlspecialchars(`"'`, ENT_COMPAT)).toBe(`&quot;'`);
    expect(htmlspecialchars(`"'`, ENT_NOQUOTES)).toBe(`"'`);
  });
  it('rewrites every special wherever it sits (start, end, runs, between multibyte text)', () => {
    // a plain regex replacement is the reference for the slicing loop
    const table: Record<string, string> = {
      '&': '&amp;',
      '<': '&lt;',
      '>': '&gt;',
      '"': '&quot;',
      "'": '&#039;',
    };
    const alphabet = ['&', '<', '>', '"', "'", 'a', ' ', '=', '?', '#', ';', 'é', '日', '!', '@'];
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let s = '';
      const len = n % 13;
      for (let i = 0; i < len; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        s += alphabet[seed % alphabet.length];
      }
      const all = s.replace(/[&<>"']/g, (c) => table[c]!);
      expect(htmlspecialcharsSingleByte(s)).toBe(all);
      expect(htmlspecialchars(s, ENT_QUOTES, 'UTF-8')).toBe(all);
      expect(htmlspecialchars(s, ENT_COMPAT, 'UTF-8')).toBe(s.replace(/[&<>"]/g, (c) => table[c]!));
      expect(htmlspecialchars(s, ENT_NOQUOTES, 'UTF-8')).toBe(s.replace(/[&<>]/g, (c) => table[c]!));
    }
  });
  it('multibyte text is untouched by htmlspecialchars in any charset', () => {
    expect(htmlspecialchars('café <b>', ENT_QUOTES, 'UTF-8')).toBe('café &lt;b&gt;');
    expect(htmlspecialchars('café <b>', ENT_QUOTES, 'ISO-8859-1')).toBe('café &lt;b&gt;');
  });
  it('htmlentities UTF-8 uses HTML 4.01 names', () => {
    expect(htmlentities('café <b>', ENT_QUOTES, 'UTF-8')).toBe('caf&eacute; &lt;b&gt;');
    expect(htmlentities('€ — ∞ α', ENT_QUOTES, 'UTF-8')).toBe('&euro; &mdash; &infin; &alpha;');
    expect(htmlentities('日本', ENT_QUOTES, 'UTF-8')).toBe('日本');
  });
  it('htmlentities ISO-8859-1 reads UTF-8 bytes one by one', () => {
    expect(htmlentities('café', ENT_QUOTES, 'ISO-8859-1')).toBe('caf&Atilde;&copy;');
  });
  it('unknown charset warns and assumes UTF-8', () => {
    const warnings: string[] = [];
    expect(htmlentities('é', ENT_QUOTES, 'foo', true, (m) => warnings.push(m))).toBe('&eacute;');
    expect(warnings).toEqual(['htmlentities(): the charset is not supported, assuming UTF-8']);
  });
  it('double_encode false keeps entities', () => {
    expect(htmlspecialchars('&amp; &#39; &x', ENT_QUOTES, 'UTF-8', false)).toBe('&amp; &#39; &amp;x');
  });
});

describe('invalid UTF-8 (surrogate-escaped bytes)', () => {
  it('ENT_SUBSTITUTE gives one U+FFFD per broken sequence; without it the result is empty', () => {
    const cut = 'ab\udce3\udc81'; // "ab" + the first two bytes of "あ"
    expect(htmlspecialchars(cut)).toBe('ab\ufffd');
    expect(htmlspecialchars(cut, ENT_QUOTES, 'UTF-8')).toBe('');
    expect(htmlspecialchars(cut, ENT_QUOTES, 'ISO-8859-1')).toBe(cut);
  });

  it("a broken sequence is what PHP's get_next_char reads as one (UTR #36 strategy 2), not WHATWG's", () => {
    // the bytes, and htmlspecialchars()'s output as PHP 8.2 gives it (U+FFFD as `?`)
    const rows: [number[], string][] = [
      [[0xec, 0xf8, 0x42], '?B'], // a lead byte and one that starts nothing: one sequence
      [[0xe0, 0x80, 0x80, 0x78], '?x'], // overlong: whole
      [[0xed, 0xa0, 0x80, 0x78], '?x'], // a surrogate: whole
      [[0xf4, 0x90, 0x80, 0x80, 0x78], '?x'], // past U+10FFFF: whole
      [[0xf0, 0x80, 0x80, 0x80], '?'],
      [[0xc3, 0xff], '?'], // a 2-byte lead and a byte that starts nothing
      [[0xc3, 0xc3, 0xa9], '?é'], // a lead byte after a lead: the second starts a character
      [[0xe3, 0x81, 0x78], '?x'], // cut short
      [[0xe3, 0x81], '?'],
      [[0xc0, 0x80, 0x78], '??x'], // C0 and C1 start nothing
      [[0xff, 0xfe], '??'],
      [[0x61, 0xf0, 0x9f, 0x98, 0x80, 0x7a], 'a😀z'],
    ];
    for (const [bytes, want] of rows) {
      const s = String.fromCharCode(...bytes.map((b) => (b < 0x80 ? b : 0xdc00 + b)));
      // (valid UTF-8 stays as characters in Sumi's strings: decode it as PHP has it)
      const text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes));
      const input = text.includes('\ufffd') ? s : text;
      expect(htmlspecialchars(input).replaceAll('\ufffd', '?'), bytes.join(' ')).toBe(want);
    }
  });
});
