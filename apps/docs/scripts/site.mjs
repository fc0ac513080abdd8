// Build and preview the docs site programmatically: used by the package scripts and the browser tests.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.ASTRO_DISABLE_UPDATE_CHECK = 'true';

export const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(docsRoot, '../..');
const stampFile = join(docsRoot, 'dist/.sumi-build-stamp');
const generatedDir = join(docsRoot, 'src/content/docs/reference/generated');

/** Everything the built site depends on: our sources and the engine packages' builds. */
const INPUTS = [
  join(docsRoot, 'src'),
  join(docsRoot, 'scripts'),
  join(docsRoot, 'public'),
  join(docsRoot, 'astro.config.mjs'),
  join(docsRoot, 'package.json'),
  ...['parser', 'runtime', 'modifiers', 'plugins-io', 'plugins-net', 'cli', 'json-schema-form'].map((p) =>
    join(repoRoot, 'packages', p, 'dist'),
  ),
  join(repoRoot, 'bench/results/latest.md'),
];

function newestMtime(path) {
  if (!existsSync(path) || path === generatedDir) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist is missing or older than any input. */
export function needsBuild() {
  if (!existsSync(stampFile) || !existsSync(join(docsRoot, 'dist/index.html'))) return true;
  const built = statSync(stampFile).mtimeMs;
  return INPUTS.some((p) => newestMtime(p) > built);
}

/** gen-reference + astro build, in a child process (astro keeps handles open). */
export function buildSite() {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [join(docsRoot, 'scripts/build.mjs')], {
      cwd: docsRoot,
      stdio: 'inherit',
      env: process.env,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolveBuild() : reject(new Error(`docs build failed (exit ${code ?? signal})`)),
    );
  });
}

export function writeStamp() {
  writeFileSync(stampFile, `${new Date().toISOString()}\n`);
}
