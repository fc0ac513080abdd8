/**
 * `--functions DIR`: every `*.tpl` in DIR (not recursive) becomes a custom
 * function for `{function name=... var=...}`.
 *
 * - `send_mail.tpl` defines the function `send_mail`.
 * - `12-send_mail.tpl` defines `send_mail` with id 12 (`{function id=12 ...}`).
 * - A sidecar `send_mail.json` (same base name as the .tpl) may give
 *   `{"id": 12}` and/or `{"name": "other_name"}`; it wins over the file name,
 *   and an id that contradicts the `NN-` prefix is an error.
 *
 * Two functions with the same name or the same id are an error.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionDefinition } from '@sumi/runtime';
import { readJsonFile, UsageError } from './io';

export interface LoadedFunction extends FunctionDefinition {
  /** the .tpl file it came from */
  file: string;
}

const PREFIXED = /^(\d+)-(.+)$/;

function readSidecar(file: string): { id?: number; name?: string } {
  const json = readJsonFile(file, 'function sidecar');
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError(`${file}: a function sidecar must be a JSON object like {"id": 12}`);
  }
  const out: { id?: number; name?: string } = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === 'id') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new UsageError(`${file}: "id" must be a non-negative integer`);
      }
      out.id = value;
    } else if (key === 'name') {
      if (typeof value !== 'string' || value === '')
        throw new UsageError(`${file}: "name" must be a non-empty string`);
      out.name = value;
    } else {
      throw new UsageError(`${file}: unknown key "${key}" (a sidecar holds "id" and "name")`);
    }
  }
  return out;
}

export function loadFunctions(dir: string): LoadedFunction[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (err) {
    throw new UsageError(`cannot read functions directory ${dir}: ${(err as Error).message}`);
  }
  const out: LoadedFunction[] = [];
  const byName = new Map<string, LoadedFunction>();
  const byId = new Map<number, LoadedFunction>();
  for (const entry of entries.filter((e) => e.endsWith('.tpl')).sort()) {
    const file = join(dir, entry);
    const base = entry.slice(0, -'.tpl'.length);
    const prefixed = PREFIXED.exec(base);
    let name = prefixed ? prefixed[2] : base;
    let id = prefixed ? Number(prefixed[1]) : undefined;
    const sidecarFile = join(dir, `${base}.json`);
    if (existsSync(sidecarFile)) {
      const sidecar = readSidecar(sidecarFile);
      if (sidecar.id !== undefined && id !== undefined && sidecar.id !== id) {
        throw new UsageError(`${sidecarFile}: id ${sidecar.id} contradicts the file name prefix ${id}`);
      }
      id = sidecar.id ?? id;
      name = sidecar.name ?? name;
    }
    if (name === '') throw new UsageError(`${file}: cannot derive a function name from the file name`);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read function ${file}: ${(err as Error).message}`);
    }
    const fn: LoadedFunction = { name, source, file };
    if (id !== undefined) fn.id = id;
    const sameName = byName.get(name);
    if (sameName) throw new UsageError(`${file}: function "${name}" is already defined by ${sameName.file}`);
    if (id !== undefined) {
      const sameId = byId.get(id);
      if (sameId) throw new UsageError(`${file}: id ${id} is already used by ${sameId.file}`);
      byId.set(id, fn);
    }
    byName.set(name, fn);
    out.push(fn);
  }
  return out;
}
