/**
 * A workload is a folder under bench/workloads/: data.mjs (meta + createData),
 * baseline.mjs (hand-written render) and one template per engine that takes
 * part. Engines without a template file simply do not run that workload.
 */
import { existsSync, readFileSync } from 'node:fs';

export const workloadsDir = new URL('../workloads/', import.meta.url);

export const WORKLOADS = [
  'table',
  'small',
  'large',
  'tag-dense',
  'endpoint',
  'csv',
  'listing',
  'modifiers',
  'batch',
  'postprocess',
];

export async function loadWorkload(name, dataOptions) {
  const dir = new URL(`${name}/`, workloadsDir);
  const dataModule = await import(new URL('data.mjs', dir).href);
  const baseline = await import(new URL('baseline.mjs', dir).href);
  const templateOf = (engine) => {
    if (engine.name === 'baseline') return baseline.render;
    const file = new URL(engine.file, dir);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  return {
    name,
    meta: dataModule.meta,
    data: dataModule.createData(dataOptions),
    templateOf,
  };
}

/** First offset where two strings differ, or -1. */
export function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return a.length === b.length ? -1 : n;
}

export function describeDifference(expected, actual) {
  const at = firstDifference(expected, actual);
  const show = (s) => JSON.stringify(s.slice(Math.max(0, at - 20), at + 30));
  return `output differs at offset ${at} (expected ${expected.length} chars, got ${actual.length}): expected ${show(expected)}, got ${show(actual)}`;
}
