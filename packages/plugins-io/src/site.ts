/**
 * A site: what the io plugins read and write. One object bundles the file system (`SiteFs`), the
 * content store, the signing key of storage URLs and the site's constants. A host gives it to the
 * engine as the `site` service (see `siteOptions` in index.ts); the plugins find it with `siteOf`.
 *
 * The layout inside the site (the same for a folder and for memory; docs: guides/site-folder):
 *
 *   site.json                 site_key, storage_base_url, signing_key, hosts (all optional)
 *   files/user/ ltd/ topics/ member/ temp/     the file manager's areas (/files/<area>/...)
 *   files/g/  files/a/        object storage, default bucket (/files/g/..., /files/a/...)
 *   buckets/<name>/           object storage, other buckets (`bucket=<name>`)
 *   temp/                     the platform's temporary area: $smarty.const.TEMP_DIR2
 *   content/                  the content store's JSON fixtures (content/README in `sumi init`)
 */
import type { RenderContext } from '@sumi/runtime';
import type { ContentStore } from './content/types';
import { IoFailure } from './failure';
import type { SiteFs } from './fs/types';

export interface Site {
  readonly fs: SiteFs;
  readonly content: ContentStore;
  /** SITE_KEY */
  readonly siteKey: string;
  /**
   * The site's own host names (its front end, its API): what check_inner_uri of @sumi/modifiers
   * calls inner, reading the same `site` service
   */
  readonly hosts: readonly string[];
  /** TEMP_DIR2: how templates name the temporary area (`temp/` of the site) */
  readonly tempDir: string;
  /** where `storage_url` links point (`sumi serve` answers them): no trailing slash */
  readonly storageBaseUrl: string;
  /** the HMAC key of `storage_url` */
  readonly signingKey: string;
}

/** what `site.json` may say; every key is optional */
export interface SiteConfig {
  site_key?: string;
  storage_base_url?: string;
  signing_key?: string;
  hosts?: string[];
}

declare module '@sumi/runtime' {
  interface Services {
    /** the site the io plugins work on (@sumi/plugins-io) */
    site?: Site;
  }
}

/** the site of this render; a plugin run without one fails with IO_NO_SITE (logged, never a crash) */
export function siteOf(ctx: RenderContext): Site {
  const site = ctx.services.site;
  if (!site) {
    throw new IoFailure(
      'IO_NO_SITE',
      'no site is configured: pass siteOptions(site) to createEngine, or run sumi render --site DIR',
    );
  }
  return site;
}
