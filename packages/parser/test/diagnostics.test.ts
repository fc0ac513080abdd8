import { describe, expect, it } from 'vitest';
import {
  codeFrame,
  DiagnosticCode,
  diagnosticMessages,
  formatMessage,
  locate,
  parse,
  parseOrThrow,
  SumiSyntaxError,
} from '../src/index';

describe('locate', () => {
  it('gives 1-based line and column for \\n, \\r\\n and \\r', () => {
    const src = 'ab\ncd\r\nef\rgh';
    expect(locate(src, 0)).toEqual({ line: 1, column: 1 });
    expect(locate(src, 4)).toEqual({ line: 2, column: 2 });
    expect(locate(src, 7)).toEqual({ line: 3, column: 1 });
    expect(locate(src, 10)).toEqual({ line: 4, column: 1 });
    expect(locate(src, 99)).toEqual({ line: 4, column: 3 });
  });
});

describe('codeFrame', () => {
  it('shows numbered context lines and a marker', () => {
    const src = 'line one\n{if $a}\n{$b + }\n{/if}\nlast';
    const start = src.indexOf('+ ');
    expect(codeFrame(src, { start, end: start + 1 }, { message: 'here' })).toBe(
      [
        '  1 | line one',
        '  2 | {if $a}',
        '> 3 | {$b + }',
        '    |     ^ here',
        '  4 | {/if}',
        '  5 | last',
      ].join('\n'),
    );
  });

  it('marks every line of a multi-line span', () => {
    const frame = codeFrame('a\n{foo\nbar}\nz', { start: 2, end: 11 }, { context: 0 });
    expect(frame).toBe(['> 2 | {foo', '    | ^^^^', '> 3 | bar}', '    | ^^^^'].join('\n'));
  });
});

describe('diagnostics', () => {
  it('carry code, severity, message, span, line and column', () => {
    const src = 'ok\n  {if $a}x{/foreach}';
    const [d] = parse(src).diagnostics;
    expect(d).toMatchObject({
      code: 'MISMATCHED_TAG',
      severity: 'error',
      message: 'mismatched tag {/foreach}. expected {/if} (opened line 2).',
      line: 2,
      column: 11,
    });
    expect(src.slice(d.span.start, d.span.end)).toBe('{/foreach}');
  });

  it('point at the offending text', () => {
    const src = '{$ok}\n{assign var=x value=1 value}';
    const [d] = parse(src).diagnostics;
    expect(d.code).toBe('ATTRIBUTE_EXPECTING_EQUALS');
    expect(src.slice(d.span.start, d.span.end)).toBe('value');
    expect([d.line, d.column]).toEqual([2, 23]);
  });

  it('have one message table entry per code', () => {
    for (const code of Object.values(DiagnosticCode)) {
      expect(diagnosticMessages[code].message.length, code).toBeGreaterThan(0);
    }
    expect(formatMessage(DiagnosticCode.UNCLOSED_TAG, { name: 'foreach', line: 3 })).toBe(
      'unclosed tag {foreach} (opened line 3).',
    );
  });
});

describe('parseOrThrow', () => {
  it('throws SumiSyntaxError with all diagnostics', () => {
    let err: unknown;
    try {
      parseOrThrow('{$x + 1}{if}{/if}{break}', { templateName: 't.tpl' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SumiSyntaxError);
    const e = err as SumiSyntaxError;
    expect(e.message).toBe("'if' statement requires arguments");
    expect(e.templateName).toBe('t.tpl');
    expect(e.diagnostics.map((d) => d.code)).toEqual([
      'IGNORED_AFTER_SPACE',
      'IF_NO_ARGS',
      'BREAK_OUTSIDE_LOOP',
    ]);
  });

  it('returns the result when there are only warnings', () => {
    const r = parseOrThrow('{$x + 1}');
    expect(r.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });
});
