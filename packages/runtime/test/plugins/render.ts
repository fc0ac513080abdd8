/** Rendering helpers for the plugin tests: a real engine, the test stand-in modifiers, JSON data text. */

import { fromJSONText } from '@sumi/php';
import { createEngine, type EngineOptions, type RenderResult, SumiError } from '../../src/index';
import { testModifiers } from './test-modifiers';

export function engine(options: EngineOptions = {}) {
  return createEngine({ ...options, plugins: [...testModifiers, ...(options.plugins ?? [])] });
}

/** renderSync with JSON data text (key order kept) */
export function run(source: string, json = '{}', options: EngineOptions = {}): RenderResult {
  return engine(options).renderSync(source, fromJSONText(json));
}

export function out(source: string, json = '{}', options: EngineOptions = {}): string {
  return run(source, json, options).output;
}

/** the warnings and infos logged by a render */
export function logOf(source: string, json = '{}', options: EngineOptions = {}): string[] {
  return run(source, json, options).log.map((e) => e.message);
}

/** the SumiError a render throws */
export function err(source: string, json = '{}', options: EngineOptions = {}): SumiError {
  try {
    run(source, json, options);
  } catch (e) {
    if (e instanceof SumiError) return e;
    throw new Error(`expected a SumiError from ${JSON.stringify(source)}, got ${String(e)}`);
  }
  throw new Error(`expected an error from ${JSON.stringify(source)}`);
}
