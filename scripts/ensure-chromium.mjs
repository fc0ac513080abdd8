// Makes sure Debian's Chromium is at /usr/bin/chromium (or $SUMI_CHROMIUM) for the browser tests.
// Never downloads a browser build of its own: only Debian's package, and only when running as root.
// Usage: node scripts/ensure-chromium.mjs   (prints the executable path on success)
import { existsSync } from 'node:fs';
import { ensureDebianPackage } from './ensure-debian.mjs';

export const chromiumPath = process.env.SUMI_CHROMIUM || '/usr/bin/chromium';

export function ensureChromium() {
  if (process.env.SUMI_CHROMIUM && !existsSync(chromiumPath)) {
    throw new Error(`SUMI_CHROMIUM points at ${chromiumPath}, which does not exist`);
  }
  return ensureDebianPackage(chromiumPath, 'chromium');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (e) {
    console.error(`✗ ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
