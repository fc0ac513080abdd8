/**
 * The site-operations adapter: what backup, backup_delete, site_sync, purge_cdn_cache, repo_deploy
 * and child_site ask of the site they run on. A live adapter relays them to the CMS; the default,
 * `memorySiteOperations` (memory.ts), keeps them in memory, honours every rule of the catalog and
 * records every operation, so tests and the playground can show what would have been done.
 *
 * Every method is async and deals in plain JS values. A refusal is thrown as a NetFailure
 * (NET_RULE, NET_BAD_VALUE, NET_MISSING_ATTRIBUTE, NET_NOT_FOUND, NET_NOT_CONFIGURED): the plugin
 * logs it and sets its documented failure result.
 */

/** when and where an operation is asked for: the render's clock and time zone */
export interface SiteOpContext {
  /** ms since the epoch, from ctx.services.clock */
  now: number;
  /** IANA time zone of the render (ctx.services.timezone), for dates the operation writes */
  timezone: string;
}

/** a site as `child_site` hands it to the template (plain JSON) */
export interface SiteRecord {
  site_key: string;
  site_nm: string;
  url: string;
  /** the parent's site_key; absent on the own (parent) site */
  parent_site_key?: string;
  [field: string]: unknown;
}

export interface SiteSyncRequest {
  /** site_key of the source; absent: the own site */
  from?: string;
  /** site_key of the destination; absent: the own site */
  to?: string;
  /** 1: app design only, 2: full sync */
  type: number;
}

export interface BackupRequest {
  /** only `full` exists */
  type: string;
  memo: string;
}

export interface BackupRecord {
  backup_id: string;
  type: string;
  memo: string;
  /** `YYYY-MM-DD HH:MM:SS` in the site's time zone */
  created_at: string;
}

/** by id (the period is then ignored), or every backup made inside a period */
export type BackupDeleteRequest = { backupId: string } | { start: string; end: string };

export interface PurgeRequest {
  /** topics, csvtable or all */
  module?: string;
  /** an API endpoint path whose responses are purged */
  apiEndpoint?: string;
  /** only with module topics */
  topicsGroupId?: number;
  /** only with module csvtable */
  csvtableId?: number;
}

export interface PurgeResult {
  /** what was purged, in words (`topics group 3`, `/rcms-api/1/list`) */
  purged: string[];
  /** attributes the service ignored (an id given for another module) */
  warnings: string[];
}

export interface SiteOperations {
  /** the child site's data, or null when the key names no child of this site */
  childSite(siteKey: string, at: SiteOpContext): Promise<SiteRecord | null>;
  /** starts a sync job; refused within 6 hours of the previous sync to the same destination */
  siteSync(req: SiteSyncRequest, at: SiteOpContext): Promise<void>;
  /** starts a backup; its id */
  backup(req: BackupRequest, at: SiteOpContext): Promise<{ backupId: string }>;
  /** deletes one backup or a period's; the ids deleted */
  backupDelete(req: BackupDeleteRequest, at: SiteOpContext): Promise<{ deleted: string[] }>;
  purgeCdnCache(req: PurgeRequest, at: SiteOpContext): Promise<PurgeResult>;
  /** builds and deploys the front end through the code-hosting integration */
  repoDeploy(at: SiteOpContext): Promise<{ deployId: string }>;
}
