/**
 * read_file streaming: peak RSS and time of one render that reads a CSV of N lines through
 * `{read_file type=csv}` on a site folder (the Node adapter), in a fresh process so nothing else
 * inflates it. The file is written first into a temporary site folder, by another process (so
 * writing it costs this one no memory); the render counts the rows and prints the count and the
 * last row's fields, which are checked. The CMS's 100,000-row cap is lifted (`readFilePlugin({ maxRows })`):
 * the point is to read every line. Prints JSON.
 *
 * usage: node read-file-child.mjs LINES
 *        node read-file-child.mjs --write FILE LINES   (the writer)
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runAsChild } from './child.mjs';
import { distEntry, importSumi } from './sumi.mjs';

const lines = Number(process.argv[process.argv[2] === '--write' ? 4 : 2]);

const TEMPLATE =
  "{assign var=n value=0}{read_file path='/files/user/big.csv' type=csv row=r}{assign var=n value=$n+1}{/read_file}" +
  '{$n} {$r.0} {$r.1} {$r.3}';

/** the CSV: quoted fields with commas and doubled quotes, Japanese text; one record per line */
function writeCsv(file, n) {
  const fd = openSync(file, 'w');
  try {
    let piece = '';
    for (let i = 0; i < n; i++) {
      piece += `${i},"Name ${i}","say ""hi"", ${i % 7}",日本語${i % 100}\r\n`;
      if (piece.length > 1 << 19) {
        writeSync(fd, piece);
        piece = '';
      }
    }
    writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
}

async function main() {
  const { runtime } = await importSumi();
  const io = await import(pathToFileURL(distEntry('plugins-io')).href);
  const ioNode = await import(pathToFileURL(distEntry('plugins-io', 'node.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'sumi-bench-read-'));
  try {
    const make = io.readFilePlugin;
    const siteDir = join(dir, 'site');
    mkdirSync(join(siteDir, 'files/user'), { recursive: true });
    const csv = join(siteDir, 'files/user/big.csv');
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--write', csv, String(lines)]);
    const site = await ioNode.folderSite(siteDir);
    const options = io.siteOptions(site);
    const engine = runtime.createEngine({
      ...options,
      plugins: [...options.plugins, make({ maxRows: Number.POSITIVE_INFINITY })],
      limits: { timeoutMs: 600_000, maxListedEntries: lines + 1, maxSteps: 1e9 },
    });
    const compiled = engine.compile(TEMPLATE, { name: 'read-file.tpl' });
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = await engine.render(compiled);
    const ms = performance.now() - t0;
    const peak = process.resourceUsage().maxRSS * 1024;
    const last = lines - 1;
    const expected = `${lines} ${last} Name ${last} 日本語${last % 100}`;
    const problems = r.log.filter((e) => e.level !== 'debug').map((e) => e.message);
    process.stdout.write(
      JSON.stringify({
        cpu: process.cpuUsage(),
        ok: r.output === expected && problems.length === 0,
        error:
          r.output === expected
            ? problems[0]
            : `output ${JSON.stringify(r.output)}, expected ${JSON.stringify(expected)}`,
        lines,
        bytes: statSync(csv).size,
        before,
        peak,
        ms,
      }) + '\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--write') writeCsv(process.argv[3], lines);
else runAsChild(main);
