/**
 * Case folders in the conformance format (shared/conformance/README.md):
 * NAME.tpl, optional NAME.json, and exactly one of NAME.expected (exact
 * output bytes) or NAME.error (rendering must fail).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PhpArray } from '@sumi/php';
import { type Engine, SumiError } from '@sumi/runtime';
import { readData } from './io';

export interface CaseFiles {
  /** path of NAME.tpl */
  template: string;
  /** the template's file name, which is also the template name */
  name: string;
  data?: string;
  expected?: string;
  error?: string;
}

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

/** Every NAME.tpl under the roots (recursively), sorted by path, with its sibling files. */
export function findCases(roots: readonly string[]): CaseFiles[] {
  const found: CaseFiles[] = [];
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.tpl')) {
        const base = path.slice(0, -'.tpl'.length);
        const c: CaseFiles = { template: path, name: entry.name };
        if (existsSync(`${base}.json`)) c.data = `${base}.json`;
        if (existsSync(`${base}.expected`)) c.expected = `${base}.expected`;
        if (existsSync(`${base}.error`)) c.error = `${base}.error`;
        found.push(c);
      }
    }
  };
  for (const root of roots) {
    if (!existsSync(root)) throw new Error(`no such directory: ${root}`);
    if (statSync(root).isDirectory()) visit(root);
    else throw new Error(`not a directory: ${root}`);
  }
  return found;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Runs one case. A `.expected` case passes when the output's UTF-8 bytes equal the
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
  const source = readFileSync(c.template, 'utf8');
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
    const expectedError = readFileSync(c.error, 'utf8').trim().split('\n')[0];
    return {
      case: c,
      passed: false,
      reason: `rendered, but the reference engine fails here (${expectedError})`,
      actualOutput: output,
    };
  }
  const expectedBytes = readFileSync(c.expected as string);
  const actualBytes = Buffer.from(output, 'utf8');
  if (expectedBytes.equals(actualBytes)) return { case: c, passed: true };
  return {
    case: c,
    passed: false,
    reason: 'output differs',
    expectedOutput: decoder.decode(expectedBytes),
    actualOutput: output,
  };
}
