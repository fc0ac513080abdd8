// The release flow, tried for real: `changeset version` on a throwaway clone of this repo.
// 1. With the pending changesets as committed: every package a changeset names is bumped by
//    at least that much; a package no changeset names moves only when one of its workspace
//    dependencies did (changesets keeps `workspace:^` ranges satisfied); the private docs app
//    never moves; every changeset is consumed and becomes a CHANGELOG entry.
// 2. With one known changeset alone (a minor for a package nothing depends on): that package,
//    and only it, is bumped, exactly one minor.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const changesetBin = join(root, 'node_modules/@changesets/cli/bin.js');
const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
};

/** every workspace package: name → { dir, version, private, deps (workspace names) } */
function workspace(dir) {
  const out = new Map();
  for (const group of ['packages', 'apps']) {
    const base = join(dir, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const file = join(base, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      const deps = Object.entries({ ...pkg.dependencies, ...pkg.peerDependencies })
        .filter(([, range]) => String(range).startsWith('workspace:'))
        .map(([dep]) => dep);
      out.set(pkg.name, { dir: join(base, name), version: pkg.version, private: !!pkg.private, deps });
    }
  }
  return out;
}

/** the pending changesets: package → strongest bump named for it */
function pending(dir) {
  const rank = { patch: 1, minor: 2, major: 3 };
  const out = new Map();
  const files = readdirSync(join(dir, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
  for (const f of files) {
    const text = readFileSync(join(dir, '.changeset', f), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text);
    if (!front) throw new Error(`.changeset/${f} has no front matter`);
    for (const line of front[1].split('\n')) {
      const m = /^\s*['"]?([^'"]+)['"]?\s*:\s*(patch|minor|major)\s*$/.exec(line);
      if (!m) continue;
      if ((rank[m[2]] ?? 0) > (rank[out.get(m[1])] ?? 0)) out.set(m[1], m[2]);
    }
  }
  return { files, bumps: out };
}

const parse = (v) => v.split('.').map(Number);
/** how far `after` moved from `before`: none, patch, minor or major */
function movement(before, after) {
  const [a, b] = [parse(before), parse(after)];
  if (b[0] > a[0]) return 'major';
  if (b[1] > a[1]) return 'minor';
  if (b[2] > a[2]) return 'patch';
  return 'none';
}
const atLeast = (moved, wanted) =>
  ['none', 'patch', 'minor', 'major'].indexOf(moved) >= ['none', 'patch', 'minor', 'major'].indexOf(wanted);

function version(clone) {
  try {
    execFileSync(process.execPath, [changesetBin, 'version'], { cwd: clone, stdio: 'pipe' });
  } catch (err) {
    throw new Error(`changeset version failed in ${clone}:\n${err.stderr ?? err.message}`);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'sumi-release-'));
try {
  // 1. the committed changesets
  const clone = join(scratch, 'repo');
  execFileSync('git', ['clone', '--quiet', root, clone], { stdio: 'pipe' });
  const before = workspace(clone);
  const { files, bumps } = pending(clone);
  for (const name of bumps.keys())
    check(before.has(name), `a changeset names ${name}, which is not a workspace package`);
  version(clone);
  const after = workspace(clone);
  const moved = new Set();
  for (const [name, pkg] of before) {
    const m = movement(pkg.version, after.get(name).version);
    if (m !== 'none') moved.add(name);
    if (pkg.private) check(m === 'none', `${name} is private and must never be versioned (moved ${m})`);
    else if (bumps.has(name))
      check(
        atLeast(m, bumps.get(name)),
        `${name}: a ${bumps.get(name)} changeset is pending, but it moved ${m}`,
      );
  }
  for (const [name, pkg] of before) {
    if (pkg.private || bumps.has(name) || !moved.has(name)) continue;
    const cause = pkg.deps.find((dep) => moved.has(dep));
    check(cause !== undefined, `${name} moved without a changeset and without a bumped dependency`);
  }
  for (const name of bumps.keys()) {
    const log = join(after.get(name)?.dir ?? '', 'CHANGELOG.md');
    check(existsSync(log), `${name}: changeset version wrote no CHANGELOG.md`);
  }
  const left = readdirSync(join(clone, '.changeset')).filter((f) => files.includes(f));
  check(left.length === 0, `changesets not consumed: ${left.join(', ')}`);

  // 2. one changeset alone, for a package no other package depends on
  const leaf = [...before.entries()].find(
    ([name, pkg]) => !pkg.private && ![...before.values()].some((p) => !p.private && p.deps.includes(name)),
  );
  check(leaf !== undefined, 'no public package without dependents to try a lone changeset on');
  if (leaf) {
    const alone = join(scratch, 'alone');
    execFileSync('git', ['clone', '--quiet', root, alone], { stdio: 'pipe' });
    for (const f of pending(alone).files) rmSync(join(alone, '.changeset', f));
    writeFileSync(
      join(alone, '.changeset', 'only-one.md'),
      `---\n"${leaf[0]}": minor\n---\n\nA lone change.\n`,
    );
    const start = workspace(alone);
    version(alone);
    const end = workspace(alone);
    for (const [name, pkg] of start) {
      const m = movement(pkg.version, end.get(name).version);
      const [major, minor] = parse(pkg.version);
      if (name === leaf[0])
        check(
          end.get(name).version === `${major}.${minor + 1}.0`,
          `${name}: expected one minor bump, got ${end.get(name).version}`,
        );
      else check(m === 'none', `${name} moved (${m}) although only ${leaf[0]} had a changeset`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (failures.length) {
  for (const f of failures) console.error(`✗ ${f}`);
  process.exit(1);
}
console.log('release flow: changeset version bumps exactly the packages with pending changesets');
