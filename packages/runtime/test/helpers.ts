import { fromJSONText } from '@sumi/php';
import { createEngine, type EngineOptions } from '../src/index';

/** render a template with JSON data text (key order kept) through a fresh engine */
export function render(source: string, json = '{}', options: EngineOptions = {}): string {
  const engine = createEngine(options);
  return engine.renderSync(source, fromJSONText(json) as never).output;
}

export function renderError(
  source: string,
  json = '{}',
  options: EngineOptions = {},
): { code: string; message: string; line: number; column: number; frame: string } {
  try {
    render(source, json, options);
  } catch (e) {
    return e as never;
  }
  throw new Error(`expected an error from ${JSON.stringify(source)}`);
}
