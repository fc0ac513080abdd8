/**
 * @sumi/plugins-io: the catalog's file, storage, archive and data-read plugins, on a site (a folder
 * on disk through `@sumi/plugins-io/node`, or memory). Browsers and Node alike: everything here
 * reaches the disk only through the `SiteFs` a host passes.
 *
 *   import { createEngine } from '@sumi/runtime';
 *   import { memorySite, siteOptions } from '@sumi/plugins-io';
 *   const site = await memorySite({ 'files/user/a.txt': 'hello' });
 *   const engine = createEngine(siteOptions(site));
 */
import type { BlockPluginDef, EngineOptions, FunctionPluginDef } from '@sumi/runtime';
import { archivePlugins } from './archives/index';
import { dataPlugins } from './data/index';
import { filePlugins } from './files/index';
import type { Site } from './site';

export { archivePlugins } from './archives/index';
export * from './content/index';
export { dataPlugins } from './data/index';
export { EXAMPLE_NOW, exampleSiteFiles } from './example/index';
export { IO_CODE_INFO, type IoCode, IoFailure } from './failure';
export { filePlugins } from './files/index';
export { READ_FILE_MAX_ROWS, type ReadFileOptions, readFilePlugin } from './files/read';
export { type MemoryFileInit, type MemoryFs, type MemoryFsOptions, memoryFs } from './fs/memory';
export { checkSitePath, type FileStat, FsError, type FsErrorCode, type SiteFs } from './fs/types';
export { AREA_DIR, type Area, resolvePath, type SitePath, sitePath } from './paths';
export type { Site, SiteConfig } from './site';
export { loadSite, memorySite, type SiteOptions } from './site-load';
export {
  type SigningSite,
  type StorageObject,
  signStorageUrl,
  type VerifyFailure,
  type VerifyResult,
  verifyStorageUrl,
} from './storage/signed-url';

/** every plugin of this package */
export const ioPlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [
  ...filePlugins,
  ...archivePlugins,
  ...dataPlugins,
];

/**
 * What an engine needs to run the io plugins on `site`: the plugins, the `site` service and the
 * site's constants (SITE_KEY, TEMP_DIR2). Spread it into createEngine's options; options given
 * after it win.
 */
export function siteOptions(site: Site): Required<Pick<EngineOptions, 'plugins' | 'services' | 'constants'>> {
  return {
    plugins: ioPlugins,
    services: { site },
    constants: { SITE_KEY: site.siteKey, TEMP_DIR2: site.tempDir },
  };
}
