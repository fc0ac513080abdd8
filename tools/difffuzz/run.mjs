// One differential batch: generate (gen.mjs), render with the reference, drop what it cannot render
// deterministically, check with this checkout's `sumi cases`, and summarise.
//
//   node tools/difffuzz/run.mjs --seed 31001 --count 300 [--out DIR] [--groups a,b]
//
// OUT has the layout of ../shared/difffuzz/run.py (OUT/<group>/NAME.*, OUT.discarded/, OUT/_sumi.txt,
// OUT/_summary.json with out, cli, stats, fails, tail), so reduce_batch.py and classify.py work on it.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generate, groupsArg, writeCases } from './gen.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RENDER = resolve(root, '../shared/oracle/render.php');
const CLI = ['node', 'packages/cli/dist/bin.js'];
/** the reference gave up for its own reasons (limits, harness), not the template's */
const HARNESS_ERR =
  /^(HarnessError|FatalError: (Allowed memory size|Maximum execution time|the PHP process ended))/;

/** PHP's own ini files plus limits: a generated loop can be huge */
function phpEnv() {
  const ini = mkdtempSync(join(tmpdir(), 'difffuzz-ini-'));
  writeFileSync(join(ini, 'zz-difffuzz.ini'), 'memory_limit=512M\nmax_execution_time=20\n');
  return { ...process.env, PHP_INI_SCAN_DIR: `${process.env.PHP_INI_SCAN_DIR ?? ''}:${ini}` };
}

function php(args, env) {
  return new Promise((done) => {
    const p = spawn('php', [RENDER, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (b) => (out += b));
    p.on('close', () => done(out));
  });
}

/** renders every group with the reference (two at a time: 2 CPUs), then the --check pass */
async function reference(out, groups, env) {
  const queue = [...groups];
  const worker = async () => {
    for (let g = queue.shift(); g; g = queue.shift()) await php([join(out, g)], env);
  };
  await Promise.all([worker(), worker()]);
  const nondet = new Set();
  for (const g of groups) {
    for (const line of (await php(['--check', join(out, g)], env)).split('\n')) {
      if (line.startsWith('DIFF ')) nondet.add(join(g, line.slice(5).trim()));
    }
  }
  return nondet;
}

function discard(out, rel, why) {
  const dest = join(`${out}.discarded`, dirname(rel));
  mkdirSync(dest, { recursive: true });
  for (const ext of ['.tpl', '.json', '.expected', '.error']) {
    if (existsSync(join(out, rel + ext)))
      renameSync(join(out, rel + ext), join(`${out}.discarded`, rel + ext));
  }
  appendFileSync(join(`${out}.discarded`, 'why.txt'), `${rel}\t${why}\n`);
}

const { values: a } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string', default: '300' },
    out: { type: 'string' },
    groups: { type: 'string' },
  },
});
if (!a.seed) {
  console.error('usage: node tools/difffuzz/run.mjs --seed N [--count M] [--out DIR] [--groups a,b]');
  process.exit(2);
}
const out = a.out ? resolve(a.out) : join(mkdtempSync(join(tmpdir(), 'difffuzz-')), `batch${a.seed}`);
for (const d of [out, `${out}.discarded`]) rmSync(d, { recursive: true, force: true });
console.log(`batch: ${out}`);

writeCases(out, generate({ seed: a.seed, count: Number(a.count), groups: groupsArg(a.groups) }));
const groups = readdirSync(out)
  .filter((g) => !g.startsWith('_'))
  .sort();
const nondet = await reference(out, groups, phpEnv());

const stats = {};
for (const g of groups) {
  const s = (stats[g] = { generated: 0, discarded: 0, errors: 0, rendered: 0, failed: 0, passed: 0 });
  for (const file of readdirSync(join(out, g)).filter((n) => n.endsWith('.tpl'))) {
    const rel = join(g, file.slice(0, -4));
    s.generated++;
    const errFile = join(out, `${rel}.error`);
    const err = existsSync(errFile) ? readFileSync(errFile, 'utf8') : null;
    if (nondet.has(rel) || (err !== null && HARNESS_ERR.test(err))) {
      discard(out, rel, nondet.has(rel) ? 'nondeterministic' : err.trim());
      s.discarded++;
      continue;
    }
    if (err !== null) s.errors++;
    s.rendered++;
  }
}

const res = spawnSync(CLI[0], [...CLI.slice(1), 'cases', out, '--quiet'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 600_000,
});
const report = res.stdout ?? '';
writeFileSync(join(out, '_sumi.txt'), report + (res.stderr?.trim() ? `\n--- stderr\n${res.stderr}` : ''));
if (!/\d+ passed, \d+ failed/.test(report)) {
  console.error(
    `\`${CLI.join(' ')} cases\` gave no "N passed, M failed" line (is the checkout built?)\n${res.stderr}`,
  );
  process.exit(1);
}
const fails = [];
for (const line of report.split('\n')) {
  const m = /^FAIL (\S+): (.*)$/.exec(line);
  if (!m) continue;
  const rel = relative(out, resolve(root, m[1])).slice(0, -4);
  fails.push([rel, m[2]]);
  stats[rel.split('/')[0]].failed++;
}
for (const s of Object.values(stats)) s.passed = s.rendered - s.failed;
const tail = report.trim().split('\n').slice(-1);
writeFileSync(
  join(out, '_summary.json'),
  JSON.stringify({ out, cli: CLI.join(' '), stats, fails, tail }, null, 1),
);

const total = { generated: 0, discarded: 0, errors: 0, rendered: 0, failed: 0, passed: 0 };
const pct = (s) => (s.rendered ? ((100 * s.passed) / s.rendered).toFixed(1) : '-');
const row = (name, s) =>
  `${name.padEnd(22)} gen=${String(s.generated).padStart(4)} rendered=${String(s.rendered).padStart(4)} ` +
  `(err ${String(s.errors).padStart(3)}) passed=${String(s.passed).padStart(4)} failed=${String(s.failed).padStart(3)} ` +
  `match=${pct(s)}%`;
for (const g of groups) {
  console.log(row(g, stats[g]));
  for (const k of Object.keys(total)) total[k] += stats[g][k];
}
console.log(`${row('TOTAL', total)} discarded=${total.discarded}`);
console.log(`sumi cases: ${tail[0]}`);
console.log(`batch: ${out}`);
