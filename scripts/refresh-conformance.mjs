// Refreshes the repo's copy of the conformance cases from ../shared/conformance
// when that folder exists (it does on the project's own machines). A clone
// elsewhere keeps the committed copy, so every test still runs there.
import { chmodSync, cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, '../shared/conformance');
const target = join(root, 'conformance');

if (!existsSync(source)) {
  console.log(`conformance: ${source} not found, keeping the committed copy`);
  process.exit(0);
}
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true });
// The shared copy is read-only; the repo copy must stay writable for git.
const makeWritable = (p) => {
  chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
  if (statSync(p).isDirectory()) for (const e of readdirSync(p)) makeWritable(join(p, e));
};
makeWritable(target);
console.log(`conformance: refreshed from ${source}`);
