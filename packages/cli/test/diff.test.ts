import { describe, expect, it } from 'vitest';
import { firstDifference, formatDiff, splitLines, visible } from '../src/diff';

describe('visible', () => {
  it('shows spaces, tabs, newlines, CR and control characters', () => {
    expect(visible('a b\tc\r\n')).toBe('a·b→c␍⏎');
    expect(visible('\u0000\u001b\u007f')).toBe('␀␛␡');
    expect(visible('\u3000x\u00a0')).toBe('\\u{3000}x\\u{a0}');
  });
  it('leaves other text alone', () => {
    expect(visible('日本語<b>&amp;')).toBe('日本語<b>&amp;');
  });
});

describe('splitLines', () => {
  it('keeps each newline with its line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a\n', 'b\n']);
    expect(splitLines('a\nb')).toEqual(['a\n', 'b']);
    expect(splitLines('\n\n')).toEqual(['\n', '\n']);
    expect(splitLines('')).toEqual([]);
  });
});

describe('firstDifference', () => {
  it('is null for equal strings', () => {
    expect(firstDifference('same', 'same')).toBeNull();
  });
  it('gives 1-based line and column', () => {
    expect(firstDifference('ab\ncd\nef', 'ab\ncX\nef')).toEqual({ line: 2, column: 2, offset: 4 });
    expect(firstDifference('abc', 'abc\n')).toEqual({ line: 1, column: 4, offset: 3 });
  });
});

describe('formatDiff', () => {
  it('prints sizes, the first difference and - / + lines with visible whitespace', () => {
    const out = formatDiff('one\ntwo \nthree\n', 'one\ntwo\nthree\n');
    expect(out).toBe(
      [
        '  expected 15 bytes, actual 14 bytes; first difference at line 2, column 4: expected "·⏎three⏎", actual "⏎three⏎"',
        '  (- expected, + actual; · space, → tab, ⏎ newline)',
        '    one⏎',
        '  - two·⏎',
        '  + two⏎',
        '    three⏎',
        '',
      ].join('\n'),
    );
  });

  it('shows a missing final newline', () => {
    const out = formatDiff('x\n', 'x');
    expect(out).toContain('  - x⏎\n  + x\n');
    expect(out).toContain('expected "⏎", actual "(end)"');
  });

  it('keeps two lines of context and elides the rest', () => {
    const expected = Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join('');
    const actual = expected.replace('line 10\n', 'LINE 10\n');
    const lines = formatDiff(expected, actual).split('\n');
    expect(lines.slice(2, -1)).toEqual([
      '    line·8⏎',
      '    line·9⏎',
      '  - line·10⏎',
      '  + LINE·10⏎',
      '    line·11⏎',
      '    line·12⏎',
    ]);
  });

  it('is empty when there is no difference', () => {
    expect(formatDiff('a', 'a')).toBe('');
  });
});
