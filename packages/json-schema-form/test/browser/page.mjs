// What the package's Chromium tests and its browser benchmark share: the page script, bundled from
// src with esbuild, and Debian's Chromium (or $SUMI_CHROMIUM) launched through playwright-core.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

export const executablePath = process.env.SUMI_CHROMIUM || '/usr/bin/chromium';
export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `entry` (TypeScript importing `./src/...`) bundled into one ES module for the page */
export async function bundlePage(entry) {
  const out = await build({
    stdin: { contents: entry, resolveDir: packageRoot, loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** the browser; `--no-sandbox` because tests run as root in containers */
export function launchChromium() {
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}
