// Serves the built docs site on 127.0.0.1 (building it first when anything changed) and opens it in
// Debian's Chromium (never a downloaded browser) through playwright-core: for the browser tests.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(docsRoot, '../..');
const executablePath = process.env.SUMI_CHROMIUM || '/usr/bin/chromium';

/** 'PENDING: …' while @sumi/runtime's build has no createEngine (the playground cannot run), else false. */
export async function runtimePending() {
  if (!existsSync(join(repoRoot, 'packages/runtime/dist/index.js')))
    return 'PENDING: @sumi/runtime is not built';
  const rt = await import('@sumi/runtime');
  return typeof rt.createEngine === 'function'
    ? false
    : 'PENDING: @sumi/runtime does not export createEngine yet';
}

/** 'PENDING: …' while @sumi/parser's build has no tokenize (the highlighting cannot run), else false. */
export async function parserPending() {
  if (!existsSync(join(repoRoot, 'packages/parser/dist/index.js')))
    return 'PENDING: @sumi/parser is not built';
  const p = await import('@sumi/parser');
  return typeof p.tokenize === 'function' ? false : 'PENDING: @sumi/parser does not export tokenize yet';
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`docs server exited early (code ${child.exitCode})`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`docs server did not answer on ${url} within ${timeoutMs / 1000}s`);
}

/** Starts the server and the browser; `close()` stops both. */
export async function openSite({ colorScheme = 'light' } = {}) {
  assert.ok(
    existsSync(executablePath),
    `Chromium missing at ${executablePath}: run node scripts/ensure-chromium.mjs`,
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(docsRoot, 'scripts/serve.mjs'), '--port', String(port)], {
    cwd: docsRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHttp(`${base}/`, server, 540_000);
  const profileDir = mkdtempSync(join(tmpdir(), 'sumi-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    colorScheme,
    viewport: { width: 1400, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return {
    base,
    context,
    page,
    pageErrors,
    async close() {
      await context.close();
      if (server.exitCode === null) {
        try {
          process.kill(-server.pid, 'SIGTERM');
        } catch {
          server.kill('SIGTERM');
        }
      }
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Replaces an editor's whole text the way a user pasting would (no auto-closing brackets). */
export async function setEditor(page, id, text) {
  await page.click(`#${id} .cm-content`);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

export async function openPlayground(page, base, hash = '') {
  await page.goto(`${base}/playground/${hash}`);
  await page.waitForSelector('#playground[data-ready="true"]', { timeout: 30_000 });
}

/** Resolves once the playground's status is no longer busy. */
export function settled(page, timeout = 20_000) {
  return page.waitForFunction(() => document.getElementById('pg-status')?.dataset.state !== 'busy', null, {
    timeout,
  });
}
