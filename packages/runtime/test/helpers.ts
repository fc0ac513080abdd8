import { fromJSONText } from '@sumi/php';
import { createEngine, type EngineOptions, type SumiError } from '../src/index';

/** render a template with JSON data text (key order kept) through a fresh engine */
export function render(source: string, json = '{}', options: EngineOptions = {}): string {
  const engine = createEngine(options);
  return engine.renderSync(source, fromJSONText(json)).output;
}

export function renderError(source: string, json = '{}', options: EngineOptions = {}): SumiError {
  try {
    render(source, json, options);
  } catch (e) {
    return e as SumiError;
  }
  throw new Error(`expected an error from ${JSON.stringify(source)}`);
}
