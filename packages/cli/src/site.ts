/**
 * Which site a command runs on: `--site DIR`, else `./site` when that folder exists, else an empty
 * site in memory (the io plugins then find nothing and write nowhere on disk). `--verbose` says
 * which was used.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { memorySite, type Site } from '@sumi/plugins-io';
import { folderSite } from '@sumi/plugins-io/node';
import { UsageError } from './io';

export const DEFAULT_SITE_DIR = 'site';

export async function chooseSite(dir: string | undefined): Promise<{ site: Site; said: string }> {
  const chosen = dir ?? (isDir(DEFAULT_SITE_DIR) ? DEFAULT_SITE_DIR : undefined);
  if (chosen === undefined) {
    return {
      site: await memorySite({}, { label: 'empty in-memory site' }),
      said: `site: an empty in-memory site (no ./${DEFAULT_SITE_DIR} folder here; use --site DIR, or create one with sumi init ${DEFAULT_SITE_DIR})`,
    };
  }
  if (!isDir(chosen))
    throw new UsageError(`--site ${chosen}: not a folder (create one with sumi init ${chosen})`);
  try {
    const site = await folderSite(chosen);
    return {
      site,
      said: `site: ${site.fs.label}${dir === undefined ? ` (found ./${DEFAULT_SITE_DIR})` : ''}`,
    };
  } catch (err) {
    throw new UsageError(`${resolve(chosen)}: ${(err as Error).message}`);
  }
}

function isDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
