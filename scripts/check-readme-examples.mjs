// Type-checks every ```js / ```ts code block of every package README against the built packages:
// each block becomes a .ts file in a temporary folder inside the repository, and `tsc --noEmit`
// checks them with `@sumi/*` resolved to packages/* (their package.json types, i.e. dist). A README
// example that does not type-check fails the run. Needs `pnpm build` first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.readme-examples');

/** the ```js/```ts blocks of a Markdown text, with the line each starts on */
export function codeBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  let open = null;
  lines.forEach((line, i) => {
    if (open === null) {
      if (/^```(js|javascript|ts|typescript)\s*$/.test(line)) open = { line: i + 2, text: [] };
    } else if (/^```\s*$/.test(line)) {
      blocks.push({ line: open.line, code: open.text.join('\n') });
      open = null;
    } else open.text.push(line);
  });
  return blocks;
}

// Every shell command a README shows must work as written on a fresh machine, where only Node and
// npm exist: the project's pnpm is reached through npx, never a bare `pnpm`.
const readmes = ['README.md', 'CONTRIBUTING.md', 'bench/README.md', 'differential/README.md'].concat(
  readdirSync(join(root, 'packages')).map((pkg) => `packages/${pkg}/README.md`),
);
const bare = [];
for (const file of readmes) {
  if (!existsSync(join(root, file))) continue;
  let fenced = false;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^```/.test(line)) fenced = !fenced;
      else if (fenced && /^\s*pnpm\s/.test(line)) bare.push(`${file}:${i + 1}: ${line.trim()}`);
    });
}
if (bare.length) {
  console.error(`README commands that need pnpm on PATH (write npx -y pnpm@10.34.9 …):\n${bare.join('\n')}`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [];
for (const pkg of readdirSync(join(root, 'packages')).sort()) {
  const readme = join(root, 'packages', pkg, 'README.md');
  if (!existsSync(readme)) continue;
  codeBlocks(readFileSync(readme, 'utf8')).forEach((b, i) => {
    const file = `${pkg}-${i + 1}.ts`;
    // `export {}`: each block is a module of its own, as it would be in a user's project
    writeFileSync(join(out, file), `// packages/${pkg}/README.md, line ${b.line}\n${b.code}\nexport {};\n`);
    files.push(file);
  });
}
// a package's subpath exports (`@sumi/plugins-net/node`) resolve to their own types, as in a project
const paths = { '@sumi/*': ['../packages/*'] };
for (const pkg of readdirSync(join(root, 'packages'))) {
  const manifest = join(root, 'packages', pkg, 'package.json');
  if (!existsSync(manifest)) continue;
  for (const [sub, target] of Object.entries(JSON.parse(readFileSync(manifest, 'utf8')).exports ?? {})) {
    if (sub === '.' || typeof target !== 'object' || !target.types) continue;
    paths[`@sumi/${pkg}/${sub.replace(/^\.\//, '')}`] = [
      `../packages/${pkg}/${target.types.replace(/^\.\//, '')}`,
    ];
  }
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: '../tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        // the built packages, through their package.json "types"
        paths,
        // examples may use untyped values freely (console.log of anything); strict stays on
        declaration: false,
      },
      include: ['*.ts'],
    },
    null,
    2,
  ),
);
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], {
  cwd: root,
  encoding: 'utf8',
});
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
rmSync(out, { recursive: true, force: true });
if (r.status !== 0) {
  console.error(`\nREADME examples: type errors (the file names say which README and line)`);
  process.exit(1);
}
console.log(`README examples: ${files.length} code blocks type-check (${files.join(', ')})`);
