// Lets the docs build before the engine packages are built: when a @sumi/* package (or one of
// the @sumi packages it depends on) has no dist yet, its import resolves to a module that only
// says so, and the page shows "not built" instead of the build failing. Once every dist exists,
// the real packages are used.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../../../packages');
const guarded = {
  '@sumi/parser': 'parser',
  '@sumi/php': 'php',
  '@sumi/runtime': 'runtime',
  '@sumi/modifiers': 'modifiers',
  '@sumi/plugins-io': 'plugins-io',
  '@sumi/plugins-net': 'plugins-net',
  '@sumi/cli': 'cli',
};
const PREFIX = '\0sumi-missing:';

/** The first unbuilt package among `name` and its @sumi dependencies, or null. */
export function unbuilt(name, seen = new Set()) {
  if (seen.has(name)) return null;
  seen.add(name);
  const dir = resolve(packagesDir, name.replace(/^@sumi\//, ''));
  if (!existsSync(resolve(dir, 'dist/index.js'))) return name;
  const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!dep.startsWith('@sumi/')) continue;
    const missing = unbuilt(dep, seen);
    if (missing) return missing;
  }
  return null;
}

export function sumiPackagesGuard() {
  return {
    name: 'sumi-packages-guard',
    enforce: 'pre',
    resolveId(id) {
      if (!(id in guarded) || !unbuilt(id)) return null;
      return PREFIX + id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const missing = unbuilt(name);
      const message =
        missing === name
          ? `${name} is not built yet (packages/${guarded[name]}/dist/index.js is missing)`
          : `${name} needs ${missing}, which is not built yet`;
      return `export const __sumiMissing = ${JSON.stringify(message)};\n`;
    },
  };
}
