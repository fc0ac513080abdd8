/**
 * `sumi init DIR`: writes the example site (files, content fixtures, a CSV table, sample batches)
 * that the docs and tests use, so `sumi render DIR/batches/delete-old-files.tpl --site DIR` runs
 * at once. Files are dated relative to now, as the example describes them ("40 days old").
 */
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exampleSiteFiles } from '@sumi/plugins-io';
import { type Io, UsageError } from '../io';

export const initUsage = `sumi init DIR

Creates an example site in DIR (which must not exist or be empty): the file areas under files/,
object storage, the temporary area, content fixtures under content/, a CSV table and sample
batches under batches/. Then: sumi render DIR/batches/delete-old-files.tpl --site DIR
`;

export async function initCommand(argv: string[], io: Io): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError(`init takes one DIR\n\n${initUsage}`);
  const dir = resolve(positionals[0]!);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new UsageError(`${dir} is not empty: sumi init never overwrites files; choose a new folder`);
  }
  const now = Date.now();
  let count = 0;
  for (const [path, init] of Object.entries(exampleSiteFiles(now))) {
    const file = join(dir, ...path.split('/'));
    mkdirSync(dirname(file), { recursive: true });
    const spec = typeof init === 'object' && !(init instanceof Uint8Array) ? init : { data: init };
    writeFileSync(file, spec.data);
    if (spec.mtimeMs !== undefined) utimesSync(file, spec.mtimeMs / 1000, spec.mtimeMs / 1000);
    count++;
  }
  io.out(`created an example site in ${dir} (${count} files)\n`);
  io.out(
    `try: sumi render ${join(positionals[0]!, 'batches/delete-old-files.tpl')} --site ${positionals[0]} --log\n`,
  );
  return 0;
}
