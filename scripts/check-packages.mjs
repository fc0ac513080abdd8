// Package lint for every published package (packages/* that are not private): publint (strict:
// warnings fail too) and "Are the Types Wrong?" (`attw --pack`, esm-only profile: the packages
// ship ESM only, so CommonJS resolution is not expected). Needs the packages built (`pnpm build`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

export function publishedPackages() {
  const dir = join(root, 'packages');
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'package.json')))
    .map((d) => ({ dir: join(dir, d), pkg: JSON.parse(readFileSync(join(dir, d, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private)
    .sort((a, b) => a.pkg.name.localeCompare(b.pkg.name));
}

function run(title, cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  return { title, ok: r.status === 0, out: r.error ? String(r.error) : out };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // publint packs with pnpm, exactly as a publish would (workspace:^ rewritten)
  if (spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).status !== 0) {
    console.error(
      '✗ pnpm is not on PATH: run through pnpm, e.g. npx -y pnpm@10.34.9 exec node scripts/check-packages.mjs',
    );
    process.exit(1);
  }
  const failures = [];
  const packages = publishedPackages();
  for (const { dir, pkg } of packages) {
    console.log(`\n── ${pkg.name}`);
    const main = pkg.exports?.['.']?.import ?? pkg.main;
    if (!main || !existsSync(join(dir, main))) {
      console.log(`✗ ${main ?? 'its entry'} is missing: build first (pnpm build)`);
      failures.push(`${pkg.name}: not built`);
      continue;
    }
    const checks = [
      run('publint', bin('publint'), ['run', '.', '--strict', '--pack', 'pnpm'], dir),
      run(
        'attw',
        bin('attw'),
        ['--pack', '.', '--profile', 'esm-only', '--format', 'ascii', '--no-emoji'],
        dir,
      ),
    ];
    for (const c of checks) {
      console.log(`${c.ok ? '✓' : '✗'} ${c.title}`);
      if (!c.ok) console.log(c.out.replace(/^/gm, '    '));
      if (!c.ok) failures.push(`${pkg.name}: ${c.title}`);
    }
  }
  if (failures.length) {
    console.error(`\n✗ package lint failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\n✓ ${packages.length} packages pass publint and attw`);
}
