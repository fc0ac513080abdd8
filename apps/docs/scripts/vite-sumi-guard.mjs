// Lets the docs build before the engine packages are built: when a @sumi/* package has no
// dist yet, its import resolves to a module that only says so, and the playground shows
// "not built" instead of the build failing. Once the dist exists, the real package is used.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../../../packages');
const guarded = { '@sumi/parser': 'parser', '@sumi/runtime': 'runtime', '@sumi/modifiers': 'modifiers' };
const PREFIX = '\0sumi-missing:';

export function missingSumiPackages() {
  return Object.entries(guarded)
    .filter(([, dir]) => !existsSync(resolve(packagesDir, dir, 'dist/index.js')))
    .map(([name]) => name);
}

export function sumiPackagesGuard() {
  return {
    name: 'sumi-packages-guard',
    enforce: 'pre',
    resolveId(id) {
      if (!(id in guarded)) return null;
      if (existsSync(resolve(packagesDir, guarded[id], 'dist/index.js'))) return null;
      return PREFIX + id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const message = `${name} is not built yet (packages/${guarded[name]}/dist/index.js is missing)`;
      return `export const __sumiMissing = ${JSON.stringify(message)};\n`;
    },
  };
}
