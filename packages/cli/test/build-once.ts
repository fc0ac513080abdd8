/**
 * Builds dist/ (tsup) before the tests so the end-to-end tests run the
 * binary users get, not the sources.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const pkg = fileURLToPath(new URL('..', import.meta.url));
  const tsup = fileURLToPath(new URL('../../../node_modules/.bin/tsup', import.meta.url));
  execFileSync(tsup, ['--silent'], { cwd: pkg, stdio: 'inherit' });
}
