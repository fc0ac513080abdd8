/**
 * Finding and reading case folders in the conformance format (shared/conformance/README.md):
 * NAME.tpl, optional NAME.json, and exactly one of NAME.expected (exact output bytes) or
 * NAME.error (rendering must fail).
 *
 * This is the one loader of the cases: `sumi cases` runs them, and the tests of the parser, php,
 * runtime and modifiers import this file by relative path (it depends on nothing but node:fs and
 * node:path, so no package needs @sumi/cli and no build order changes).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface CaseFiles {
  /** path of NAME.tpl */
  template: string;
  /** the template's file name, which is also the template name */
  name: string;
  data?: string;
  expected?: string;
  error?: string;
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

/** A case with its files read (UTF-8). */
export interface LoadedCase {
  /** `group/NAME`, the path under the root without `.tpl` */
  id: string;
  /** the first folder under the root */
  group: string;
  /** NAME.tpl: the template name */
  name: string;
  source: string;
  /** NAME.json's text */
  data?: string;
  /** NAME.expected's text: the exact output */
  expected?: string;
  /** NAME.error's text: the reference engine's error, for information */
  error?: string;
}

/**
 * The cases under `root` (the conformance folder), read, sorted by path; with `groups`, only the
 * cases of those folders.
 */
export function loadCases(root: string, groups?: readonly string[]): LoadedCase[] {
  const read = (path: string | undefined) => (path === undefined ? undefined : readFileSync(path, 'utf8'));
  return findCases([root])
    .map((c): LoadedCase => {
      const id = relative(root, c.template).slice(0, -'.tpl'.length).split(sep).join('/');
      return {
        id,
        group: id.split('/')[0]!,
        name: c.name,
        source: readFileSync(c.template, 'utf8'),
        data: read(c.data),
        expected: read(c.expected),
        error: read(c.error),
      };
    })
    .filter((c) => groups === undefined || groups.includes(c.group));
}
