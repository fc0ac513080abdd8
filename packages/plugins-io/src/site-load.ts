/** Making a `Site` from a `SiteFs`: reads `site.json`, picks the content store. */
import { digestText, phpHash } from '@sumi/php';
import { fixtureContentStore } from './content/fixtures';
import type { ContentStore } from './content/types';
import { type MemoryFileInit, type MemoryFsOptions, memoryFs } from './fs/memory';
import type { SiteFs } from './fs/types';
import type { Site, SiteConfig } from './site';

export interface SiteOptions {
  /** TEMP_DIR2; default `/temp` (a folder site passes the folder's real `temp/` path) */
  tempDir?: string;
  /** another content store (a database); default: the site's JSON fixtures in `content/` */
  content?: ContentStore;
  /** overrides what site.json says */
  config?: SiteConfig;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `line L, column C` of offset `at` in `text` (both from 1) */
function lineColumn(text: string, at: number): string {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return `line ${line}, column ${at - before.lastIndexOf('\n')}`;
}

export async function loadSite(fs: SiteFs, options: SiteOptions = {}): Promise<Site> {
  let fileConfig: SiteConfig = {};
  if (await fs.stat('site.json')) {
    const text = decoder.decode(await fs.read('site.json'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      // where, never what: the parser's message quotes the text around the error, which may be
      // the signing key
      const at = /position (\d+)/.exec((e as Error).message)?.[1];
      throw new Error(
        `site.json is not valid JSON${at === undefined ? '' : ` (at ${lineColumn(text, Number(at))})`}`,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('site.json must be a JSON object');
    for (const [k, v] of Object.entries(parsed)) {
      if (k === 'hosts') {
        if (!Array.isArray(v) || v.some((h) => typeof h !== 'string'))
          throw new Error('site.json: "hosts" must be a list of host names');
        continue;
      }
      if (!['site_key', 'storage_base_url', 'signing_key'].includes(k))
        throw new Error(
          `site.json: unknown key "${k}" (expected site_key, storage_base_url, signing_key, hosts)`,
        );
      if (typeof v !== 'string') throw new Error(`site.json: "${k}" must be a string`);
    }
    fileConfig = parsed as SiteConfig;
  }
  const config = { ...fileConfig, ...options.config };
  const siteKey = config.site_key ?? 'sumi';
  return {
    fs,
    content: options.content ?? fixtureContentStore(fs),
    siteKey,
    hosts: [...(config.hosts ?? [])],
    tempDir: (options.tempDir ?? '/temp').replace(/\/+$/, ''),
    storageBaseUrl: (config.storage_base_url ?? 'http://localhost:8787').replace(/\/+$/, ''),
    // without a key of its own a site signs with one derived from its name: stable between runs
    // (a URL made yesterday still opens), and local only, as the docs say
    signingKey:
      config.signing_key ??
      digestText(phpHash('sha256', encoder.encode(`sumi-local-site:${siteKey}:${fs.label}`)), false),
  };
}

/** a site in memory, made from `files` (site-relative path → content) */
export function memorySite(
  files: Record<string, MemoryFileInit> = {},
  options: SiteOptions & MemoryFsOptions = {},
): Promise<Site> {
  return loadSite(memoryFs(files, options), options);
}
