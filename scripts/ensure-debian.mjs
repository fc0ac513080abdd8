// Makes sure a Debian package's program is installed, for tests that need a real outside tool
// (Chromium for the browser tests, Info-ZIP zip/unzip for the archive tests). Only Debian's
// packages, through apt-get, and only when running as root; otherwise it says what to run.
// Usage: node scripts/ensure-debian.mjs /usr/bin/zip=zip /usr/bin/unzip=unzip
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(cmd, args) {
  console.error(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

let updated = false;

/** installs Debian package `pkg` unless `path` exists; returns `path` */
export function ensureDebianPackage(path, pkg) {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${path} is missing and this user cannot install it.\nRun: sudo apt-get update && sudo apt-get install -y ${pkg}`,
    );
  }
  console.error(`${path} is missing: installing Debian's ${pkg} package (apt-get)`);
  if (!updated) {
    run('apt-get', ['update']);
    updated = true;
  }
  run('apt-get', ['install', '-y', pkg]);
  if (!existsSync(path)) throw new Error(`apt-get installed ${pkg} but ${path} is still missing`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    for (const arg of process.argv.slice(2)) {
      const [path, pkg] = arg.split('=');
      console.log(ensureDebianPackage(path, pkg));
    }
  } catch (e) {
    console.error(`✗ ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
