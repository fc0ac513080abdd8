/**
 * @sumi/plugins-io/node: a site on a folder of the local disk. Node only.
 *
 *   import { folderSite } from '@sumi/plugins-io/node';
 *   const engine = createEngine(siteOptions(await folderSite('./site')));
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFs } from './fs/node';
import type { Site } from './site';
import { loadSite, type SiteOptions } from './site-load';

export { nodeFs } from './fs/node';

/** The site in folder `dir` (see site.ts for its layout); TEMP_DIR2 is the real path of `dir/temp`. */
export function folderSite(dir: string, options: SiteOptions = {}): Promise<Site> {
  return loadSite(nodeFs(dir), { tempDir: join(realpathSync(dir), 'temp'), ...options });
}
