// The one test command (`pnpm test`): every check the project has, in order.
// Each step fails loudly; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
console.log(`node ${process.version} (${process.execPath})`);
if (major !== 24) {
  console.error(`expected Node 24 from the "node" devDependency, got ${process.version}: run through pnpm`);
  process.exit(1);
}

// every package's sources, for the import-cycle check
const sources = readdirSync(resolve(root, 'packages'))
  .map((p) => `packages/${p}/src`)
  .filter((p) => existsSync(resolve(root, p)));

const steps = [
  ['refresh conformance copy', 'node', ['scripts/refresh-conformance.mjs']],
  ['lint (biome)', 'pnpm', ['exec', 'biome', 'ci', '.']],
  [
    'no import cycles (dependency-cruiser)',
    'pnpm',
    ['exec', 'depcruise', '--config', '.dependency-cruiser.cjs', ...sources],
  ],
  ['build', 'pnpm', ['exec', 'turbo', 'run', 'build']],
  ['typecheck', 'pnpm', ['exec', 'turbo', 'run', 'typecheck']],
  ['README commands and examples', 'node', ['scripts/check-readme-examples.mjs']],
  // the docs' `test` is the browser tests: they run once, as the last step
  ['unit tests', 'pnpm', ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--filter=!@sumi/docs']],
  [
    'conformance and differential cases (sumi cases conformance differential)',
    'node',
    ['packages/cli/dist/bin.js', 'cases', 'conformance', 'differential'],
  ],
  ['package lint (publint, attw)', 'node', ['scripts/check-packages.mjs']],
  ['packaging test (pnpm pack + npm install)', 'node', ['scripts/packaging-test.mjs']],
  ['release flow (changeset version on a throwaway clone)', 'node', ['scripts/release-flow-test.mjs']],
  ['browser tests (docs)', 'pnpm', ['--filter', '@sumi/docs', 'run', 'test']],
];

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
};
for (const [title, cmd, args] of steps) {
  console.log(`\n=== ${title}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  console.log(`✓ ${title} (${((Date.now() - t) / 1000).toFixed(1)}s)`);
}
console.log('\nall checks passed');
console.log(`checks: ${steps.length} passed, 0 failed`);
