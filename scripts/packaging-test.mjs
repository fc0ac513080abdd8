// Packaging test: `pnpm pack` every published package, then install ONLY the tarballs a smoke
// check needs into a fresh temp project with npm (as a user would) and run it there.
// pnpm pack rewrites `workspace:^` into real ranges; npm could not resolve the former, and this
// test checks that it happened and that each @sumi dependency came from our tarball, not a registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedPackages } from './check-packages.mjs';

const work = mkdtempSync(join(tmpdir(), 'sumi-packaging-'));
const tarDir = join(work, 'tarballs');
mkdirSync(tarDir);
const results = [];

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.error ?? ''}${r.stdout}${r.stderr}`);
  }
  return r.stdout;
}

/** package.json inside a tarball */
function packedManifest(tgz) {
  return JSON.parse(execFileSync('tar', ['-xzOf', tgz, 'package/package.json'], { encoding: 'utf8' }));
}

function check(title, fn) {
  try {
    const note = fn();
    if (typeof note === 'string' && note.startsWith('PENDING')) {
      console.log(`… ${title}: ${note}`);
      results.push({ title, status: 'pending' });
    } else {
      console.log(`✓ ${title}${note ? `: ${note}` : ''}`);
      results.push({ title, status: 'ok' });
    }
  } catch (e) {
    console.log(`✗ ${title}\n${String(e instanceof Error ? e.message : e).replace(/^/gm, '    ')}`);
    results.push({ title, status: 'failed' });
  }
}

// 1. pack every published package, as a publish would
const tarballs = new Map();
for (const { dir, pkg } of publishedPackages()) {
  check(`pnpm pack ${pkg.name}`, () => {
    const before = new Set(readdirSync(tarDir));
    sh('pnpm', ['pack', '--pack-destination', tarDir], dir);
    const added = readdirSync(tarDir).filter((f) => !before.has(f) && f.endsWith('.tgz'));
    if (added.length !== 1) throw new Error(`pnpm pack produced ${added.length} tarballs`);
    const tgz = join(tarDir, added[0]);
    const manifest = packedManifest(tgz);
    const deps = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    const unresolved = Object.entries(deps).filter(([, range]) => String(range).startsWith('workspace:'));
    if (unresolved.length) {
      throw new Error(
        `the packed package.json still has ${unresolved.map(([n, r]) => `${n}@${r}`).join(', ')}`,
      );
    }
    const files = new Set(
      execFileSync('tar', ['-tzf', tgz], { encoding: 'utf8' })
        .split('\n')
        .map((f) => f.replace(/^package\//, '')),
    );
    const entry = manifest.exports?.['.'];
    for (const f of [entry?.import ?? manifest.main, entry?.types ?? manifest.types]) {
      if (f && !files.has(f.replace(/^\.\//, '')))
        throw new Error(`the tarball lacks ${f}: build first (pnpm build)`);
    }
    tarballs.set(pkg.name, { tgz, manifest });
    const sumiDeps = Object.entries(deps).filter(([n]) => n.startsWith('@sumi/'));
    return `${files.size - 1} files; ${sumiDeps.map(([n, r]) => `${n}@${r}`).join(', ') || 'no @sumi dependencies'}`;
  });
}

/** A fresh project with only these tarballs installed by npm. */
function project(name, packages) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `sumi-smoke-${name}`, version: '0.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  const files = packages.map((p) => {
    const t = tarballs.get(p);
    if (!t) throw new Error(`no tarball for ${p}`);
    return t.tgz;
  });
  sh('npm', ['install', '--no-audit', '--no-fund', '--offline=false', ...files], dir);
  // every @sumi package npm installed must come from one of our tarballs
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const m = /node_modules\/(@sumi\/[^/]+)$/.exec(path);
    if (!m) continue;
    if (!packages.includes(m[1]))
      throw new Error(`${name}: npm installed ${m[1]}, which was not given as a tarball`);
    if (!String(entry.resolved ?? '').startsWith('file:')) {
      throw new Error(`${name}: ${m[1]} resolved to ${entry.resolved}, not to our tarball`);
    }
  }
  return dir;
}

function runSmoke(dir, code) {
  writeFileSync(join(dir, 'smoke.mjs'), code);
  return sh(process.execPath, ['smoke.mjs'], dir).trim();
}

// 2. smoke checks
check('@sumi/parser alone parses {$a|upper}', () => {
  const dir = project('parser', ['@sumi/parser']);
  return runSmoke(
    dir,
    `import * as parser from '@sumi/parser';
if (typeof parser.parse !== 'function') throw new Error('@sumi/parser exports no parse()');
const r = parser.parse('{$a|upper}');
// find the Print node of the documented AST wherever parse() puts the template
const seen = new Set();
function find(x) {
  if (!x || typeof x !== 'object' || seen.has(x)) return null;
  seen.add(x);
  if (x.type === 'Print') return x;
  for (const v of Object.values(x)) { const f = find(v); if (f) return f; }
  return null;
}
const print = find(r);
if (!print) throw new Error('no Print node in ' + JSON.stringify(r));
const e = print.expr;
if (e.type !== 'Modified' || e.value.type !== 'Var' || e.value.name !== 'a' || e.modifiers.length !== 1 || e.modifiers[0].name !== 'upper') {
  throw new Error('unexpected expression: ' + JSON.stringify(e));
}
console.log('Print(Modified(Var a, |upper)) spans ' + print.span.start + '..' + print.span.end);
`,
  );
});

check('@sumi/php alone: json_encode, loose comparison, sprintf and date', () => {
  const dir = project('php', ['@sumi/php']);
  return runSmoke(
    dir,
    `import { fromJSONText, jsonEncode, looseEquals, phpDate, sprintf } from '@sumi/php';
const a = fromJSONText('{"b":1,"2":[1.0,"é"]}');
const json = jsonEncode(a);
// key order kept, 1.0 printed as PHP prints it, é escaped as PHP escapes it
if (json !== '{"b":1,"2":[1,"' + String.fromCharCode(92) + 'u00e9"]}') throw new Error('json_encode gave ' + json);
if (looseEquals('abc', 0) !== false || looseEquals('1e3', '1000') !== true) throw new Error('PHP 8 comparison');
if (sprintf('%05.1f|%-3s|', [3.14159, 'a']) !== '003.1|a  |') throw new Error('sprintf gave ' + sprintf('%05.1f|%-3s|', [3.14159, 'a']));
const d = phpDate('Y-m-d D', 0, 'UTC');
if (d !== '1970-01-01 Thu') throw new Error('date gave ' + d);
console.log('json_encode, ==, sprintf and date as PHP');
`,
  );
});

check('@sumi/runtime + @sumi/modifiers render {$name|upper} to SUMI', () => {
  // the runtime needs the parser and php: give npm those tarballs too, and nothing else
  const dir = project('runtime', ['@sumi/runtime', '@sumi/modifiers', '@sumi/parser', '@sumi/php']);
  const out = runSmoke(
    dir,
    `const runtime = await import('@sumi/runtime');
if (typeof runtime.createEngine !== 'function') {
  console.log('PENDING: the packed @sumi/runtime does not export createEngine yet');
  process.exit(0);
}
const { modifiers } = await import('@sumi/modifiers');
if (!Array.isArray(modifiers)) throw new Error('@sumi/modifiers exports no modifiers array');
const engine = runtime.createEngine({ plugins: [...modifiers], timezone: 'Asia/Tokyo' });
const r = await engine.render('{$name|upper}', { name: 'sumi' });
if (r.output !== 'SUMI') throw new Error('rendered ' + JSON.stringify(r.output));
const s = engine.renderSync('{$name|upper}', { name: 'sumi' });
if (s.output !== 'SUMI') throw new Error('renderSync rendered ' + JSON.stringify(s.output));
console.log('render and renderSync give SUMI');
`,
  );
  return out;
});

rmSync(work, { recursive: true, force: true });
const failed = results.filter((r) => r.status === 'failed');
const pending = results.filter((r) => r.status === 'pending');
console.log(
  `\n${results.length - failed.length - pending.length} passed, ${failed.length} failed${pending.length ? `, ${pending.length} pending` : ''}`,
);
if (failed.length) process.exit(1);
