// `pnpm sumi …` runs this from the repo root, whatever folder the user typed it in. pnpm keeps
// that folder in INIT_CWD; moving there first makes `pnpm sumi render page.tpl` read the user's
// page.tpl, never a file of the same name at the root.
import { pathToFileURL } from 'node:url';

if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import(pathToFileURL(new URL('../packages/cli/dist/bin.js', import.meta.url).pathname).href);
