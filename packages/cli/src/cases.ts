/**
 * Running case folders in the conformance format (shared/conformance/README.md); finding and
 * reading them is ./case-files.ts, shared with the packages' tests.
 */
import { readFileSync } from 'node:fs';
import { type PhpArray, toBytes } from '@sumi/php';
import { type Engine, SumiError } from '@sumi/runtime';
import type { CaseFiles } from './case-files';
import { readData } from './io';

export { type CaseFiles, findCases, type LoadedCase, loadCases } from './case-files';

export interface CaseResult {
  case: CaseFiles;
  passed: boolean;
  /** why it failed, in one line */
  reason?: string;
  expectedOutput?: string;
  actualOutput?: string;
  /** the error the render threw, when it threw */
  error?: unknown;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Runs one case. A `.expected` case passes when the output's bytes equal the
 * file's bytes. A `.error` case passes when compiling or rendering throws a
 * SumiError; any other exception is a crash in Sumi and fails the case.
 */
export async function runCase(engine: Engine, c: CaseFiles): Promise<CaseResult> {
  if (!c.expected === !c.error) {
    return {
      case: c,
      passed: false,
      reason: c.expected ? 'has both .expected and .error' : 'has neither .expected nor .error',
    };
  }
  let source: string;
  try {
    source = readFileSync(c.template, 'utf8');
  } catch (err) {
    return { case: c, passed: false, reason: `cannot read the template: ${(err as Error).message}` };
  }
  let data: PhpArray | undefined;
  if (c.data) {
    try {
      data = readData(c.data);
    } catch (err) {
      return { case: c, passed: false, reason: `invalid data: ${(err as Error).message}` };
    }
  }
  let output: string;
  try {
    output = (await engine.render(engine.compile(source, { name: c.name }), data, { name: c.name })).output;
  } catch (err) {
    if (c.error) {
      if (err instanceof SumiError) return { case: c, passed: true };
      return { case: c, passed: false, reason: 'crashed instead of failing with a SumiError', error: err };
    }
    return { case: c, passed: false, reason: 'failed to render', error: err };
  }
  if (c.error) {
    const expectedError = readText(c.error).trim().split('\n')[0];
    return {
      case: c,
      passed: false,
      reason: `rendered, but the reference engine fails here (${expectedError})`,
      actualOutput: output,
    };
  }
  let expectedBytes: Buffer;
  try {
    expectedBytes = readFileSync(c.expected as string);
  } catch (err) {
    return { case: c, passed: false, reason: `cannot read the expected output: ${(err as Error).message}` };
  }
  // the output's own bytes: lone surrogates stand for PHP's raw bytes (see @sumi/php binary-string)
  const actualBytes = Buffer.from(toBytes(output));
  if (expectedBytes.equals(actualBytes)) return { case: c, passed: true };
  return {
    case: c,
    passed: false,
    reason: 'output differs',
    expectedOutput: decoder.decode(expectedBytes),
    actualOutput: output,
  };
}

/** a case file's text, or the reason it cannot be read */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    return `(cannot read ${file}: ${(err as Error).message})`;
  }
}
