/**
 * Builds dist/ (tsup) before the tests when it is missing or older than the
 * sources, so the end-to-end tests run the binary users get. An up-to-date
 * dist/ is left alone: rebuilding cleans it, which would break a concurrent
 * run (turbo, another test process) that is using it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const pkg = fileURLToPath(new URL('..', import.meta.url));
  const bin = join(pkg, 'dist/bin.js');
  const sourcesChanged = Math.max(newestMtime(join(pkg, 'src')), statSync(join(pkg, 'package.json')).mtimeMs);
  if (existsSync(bin) && statSync(bin).mtimeMs >= sourcesChanged) return;
  const tsup = fileURLToPath(new URL('../../../node_modules/.bin/tsup', import.meta.url));
  execFileSync(tsup, ['--silent'], { cwd: pkg, stdio: 'inherit' });
}
