// Makes sure Debian's Chromium is at /usr/bin/chromium (or $SUMI_CHROMIUM) for the browser tests.
// Never downloads a browser build of its own: only Debian's package, and only when running as root.
// Usage: node scripts/ensure-chromium.mjs   (prints the executable path on success)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.SUMI_CHROMIUM || '/usr/bin/chromium';

function run(cmd, args) {
  console.error(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (process.env.SUMI_CHROMIUM) {
    throw new Error(`SUMI_CHROMIUM points at ${chromiumPath}, which does not exist`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      'Chromium is missing at /usr/bin/chromium and this user cannot install it.\n' +
        'Run: sudo apt-get update && sudo apt-get install -y chromium',
    );
  }
  console.error("Chromium is missing: installing Debian's package (apt-get)");
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(chromiumPath))
    throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing`);
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (e) {
    console.error(`✗ ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
