import type { FunctionPluginDef } from '@sumi/runtime';
import { backup } from './backup';
import { backupDelete } from './backup-delete';
import { batch } from './batch';
import { childSite } from './child-site';
import { purgeCdnCache } from './purge-cdn-cache';
import { repoDeploy } from './repo-deploy';
import { siteSync } from './site-sync';

/** one file per plugin */
export const jobPlugins: readonly FunctionPluginDef[] = [
  batch,
  childSite,
  siteSync,
  backup,
  backupDelete,
  purgeCdnCache,
  repoDeploy,
];
