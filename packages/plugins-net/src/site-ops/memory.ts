/**
 * The in-memory site operations: the default adapter, the fake of tests and the playground. It
 * honours the catalog's rules (see RULES below), keeps its state in plain editable fields and
 * records every operation asked of it, refused ones included.
 */
import { failure } from '../failure';
import type {
  BackupRecord,
  PurgeResult,
  SiteOpContext,
  SiteOperations,
  SiteRecord,
  SiteSyncRequest,
} from './types';

/** the spacing site_sync keeps between two syncs to the same destination */
export const SITE_SYNC_SPACING_MS = 6 * 60 * 60 * 1000;

export const PURGE_MODULES = ['topics', 'csvtable', 'all'] as const;

/** one operation as the memory adapter recorded it */
export interface SiteOpRecord {
  op: 'child_site' | 'site_sync' | 'backup' | 'backup_delete' | 'purge_cdn_cache' | 'repo_deploy';
  /** ms since the epoch (the render's clock) */
  at: number;
  /** what was asked, as plain JSON */
  request: Record<string, unknown>;
  ok: boolean;
  /** the failure's code when refused */
  error?: string;
  /** what it did (the backup id, the ids deleted, what was purged, ...) */
  result?: unknown;
}

/** a child site as the options give it (its key is the record's key) */
export interface SiteFields {
  site_nm: string;
  url: string;
  [field: string]: unknown;
}

export interface MemorySiteOptions {
  /** the site the render runs on (default `main`) */
  ownSiteKey?: string;
  /** child sites by key (default: `en` and `staging`) */
  sites?: Record<string, SiteFields>;
  /** backups that exist already */
  backups?: BackupRecord[];
  /** when the last sync to each destination ran (ms since the epoch) */
  lastSync?: Record<string, number>;
  /** whether a code-hosting integration is set up for repo_deploy (default true) */
  repoConfigured?: boolean;
}

export interface MemorySiteOperations extends SiteOperations {
  readonly ownSiteKey: string;
  /** editable state */
  sites: Map<string, SiteRecord>;
  backups: BackupRecord[];
  lastSync: Map<string, number>;
  repoConfigured: boolean;
  /** every operation asked, in order */
  readonly ops: SiteOpRecord[];
}

const DEFAULT_SITES: Record<string, SiteFields> = {
  en: { site_nm: 'English site', url: 'https://en.example.com' },
  staging: { site_nm: 'Staging', url: 'https://staging.example.com' },
};

/** `YYYY-MM-DD HH:MM:SS` of `ms` in `timezone` */
export function siteDateTime(ms: number, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const DATE_RE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** a period bound as a comparable `YYYY-MM-DD HH:MM:SS`; a bare date starts or ends its day */
function periodBound(value: string, attribute: string, end: boolean): string {
  const m = DATE_RE.exec(value.trim());
  if (!m) {
    throw failure(
      'NET_BAD_VALUE',
      `backup_delete: '${attribute}' must be a date (YYYY-MM-DD, optionally HH:MM[:SS]), not '${value}'`,
    );
  }
  const [, y, mo, d, h, mi, s] = m;
  const time = h === undefined ? (end ? '23:59:59' : '00:00:00') : `${h}:${mi}:${s ?? (end ? '59' : '00')}`;
  return `${y}-${mo}-${d} ${time}`;
}

export function memorySiteOperations(options: MemorySiteOptions = {}): MemorySiteOperations {
  const ownSiteKey = options.ownSiteKey ?? 'main';
  const sites = new Map<string, SiteRecord>();
  for (const [key, site] of Object.entries(options.sites ?? DEFAULT_SITES)) {
    sites.set(key, { site_key: key, parent_site_key: ownSiteKey, ...site });
  }
  const ops: SiteOpRecord[] = [];
  let backupSeq = 0;
  let deploySeq = 0;

  /** runs one operation, recording it whether it succeeds or is refused */
  async function record<T>(
    op: SiteOpRecord['op'],
    at: SiteOpContext,
    request: Record<string, unknown>,
    work: () => T,
  ): Promise<T> {
    try {
      const result = work();
      ops.push({ op, at: at.now, request, ok: true, result: result ?? null });
      return result;
    } catch (e) {
      ops.push({ op, at: at.now, request, ok: false, error: (e as { code?: string }).code ?? String(e) });
      throw e;
    }
  }

  const self: MemorySiteOperations = {
    ownSiteKey,
    sites,
    backups: [...(options.backups ?? [])],
    lastSync: new Map(Object.entries(options.lastSync ?? {})),
    repoConfigured: options.repoConfigured ?? true,
    ops,

    childSite(siteKey, at) {
      return record('child_site', at, { site_key: siteKey }, () => {
        const site = self.sites.get(siteKey);
        return site ? structuredClone(site) : null;
      });
    },

    siteSync(req: SiteSyncRequest, at) {
      const from = req.from ?? ownSiteKey;
      const to = req.to ?? ownSiteKey;
      return record('site_sync', at, { from, to, type: req.type }, () => {
        if (req.type !== 1 && req.type !== 2) {
          throw failure(
            'NET_BAD_VALUE',
            `site_sync: sync_type must be 1 (app design) or 2 (full), not ${req.type}`,
          );
        }
        for (const key of [from, to]) {
          if (key !== ownSiteKey && !self.sites.has(key)) {
            throw failure('NET_NOT_FOUND', `site_sync: no site '${key}'`);
          }
        }
        if (from === to) {
          throw failure('NET_RULE', `site_sync: the source and the destination are the same site ('${to}')`);
        }
        const last = self.lastSync.get(to);
        if (last !== undefined && at.now - last < SITE_SYNC_SPACING_MS) {
          const wait = Math.ceil((last + SITE_SYNC_SPACING_MS - at.now) / 60000);
          throw failure(
            'NET_RULE',
            `site_sync: '${to}' was synced at ${siteDateTime(last, at.timezone)}; another sync needs 6 hours between runs (${wait} min to go)`,
          );
        }
        self.lastSync.set(to, at.now);
      });
    },

    backup(req, at) {
      return record('backup', at, { type: req.type, memo: req.memo }, () => {
        if (req.type !== 'full') {
          throw failure('NET_BAD_VALUE', `backup: type must be 'full', not '${req.type}'`);
        }
        backupSeq++;
        const backupId = `bk${String(backupSeq).padStart(4, '0')}`;
        self.backups.push({
          backup_id: backupId,
          type: req.type,
          memo: req.memo,
          created_at: siteDateTime(at.now, at.timezone),
        });
        return { backupId };
      });
    },

    backupDelete(req, at) {
      const request =
        'backupId' in req ? { backup_id: req.backupId } : { start_date: req.start, end_date: req.end };
      return record('backup_delete', at, request, () => {
        if ('backupId' in req) {
          const i = self.backups.findIndex((b) => b.backup_id === req.backupId);
          if (i < 0) throw failure('NET_NOT_FOUND', `backup_delete: no backup '${req.backupId}'`);
          self.backups.splice(i, 1);
          return { deleted: [req.backupId] };
        }
        const start = periodBound(req.start, 'start_date', false);
        const end = periodBound(req.end, 'end_date', true);
        if (start > end) {
          throw failure(
            'NET_BAD_VALUE',
            `backup_delete: start_date ${req.start} is after end_date ${req.end}`,
          );
        }
        const deleted: string[] = [];
        self.backups = self.backups.filter((b) => {
          const inside = b.created_at >= start && b.created_at <= end;
          if (inside) deleted.push(b.backup_id);
          return !inside;
        });
        return { deleted };
      });
    },

    purgeCdnCache(req, at) {
      const request: Record<string, unknown> = {};
      if (req.module !== undefined) request.module = req.module;
      if (req.apiEndpoint !== undefined) request.api_endpoint = req.apiEndpoint;
      if (req.topicsGroupId !== undefined) request.topics_group_id = req.topicsGroupId;
      if (req.csvtableId !== undefined) request.csvtable_id = req.csvtableId;
      return record('purge_cdn_cache', at, request, (): PurgeResult => {
        const { module, apiEndpoint } = req;
        if (module === undefined && apiEndpoint === undefined) {
          throw failure(
            'NET_MISSING_ATTRIBUTE',
            "purge_cdn_cache: 'module' (topics, csvtable, all) is required",
          );
        }
        if (module !== undefined && !(PURGE_MODULES as readonly string[]).includes(module)) {
          throw failure(
            'NET_BAD_VALUE',
            `purge_cdn_cache: module must be topics, csvtable or all, not '${module}'`,
          );
        }
        if (apiEndpoint !== undefined && !apiEndpoint.startsWith('/')) {
          throw failure(
            'NET_BAD_VALUE',
            `purge_cdn_cache: api_endpoint must be a path starting with '/', not '${apiEndpoint}'`,
          );
        }
        const purged: string[] = [];
        const warnings: string[] = [];
        let groupId = req.topicsGroupId;
        let tableId = req.csvtableId;
        if (groupId !== undefined && module !== 'topics') {
          warnings.push(
            `purge_cdn_cache: topics_group_id applies only to module topics; ignored with module ${module ?? '(none)'}`,
          );
          groupId = undefined;
        }
        if (tableId !== undefined && module !== 'csvtable') {
          warnings.push(
            `purge_cdn_cache: csvtable_id applies only to module csvtable; ignored with module ${module ?? '(none)'}`,
          );
          tableId = undefined;
        }
        if (module === 'all') purged.push('all');
        else if (module === 'topics')
          purged.push(groupId === undefined ? 'topics' : `topics group ${groupId}`);
        else if (module === 'csvtable')
          purged.push(tableId === undefined ? 'csvtable' : `csvtable ${tableId}`);
        if (apiEndpoint !== undefined) purged.push(apiEndpoint);
        return { purged, warnings };
      });
    },

    repoDeploy(at) {
      return record('repo_deploy', at, {}, () => {
        if (!self.repoConfigured) {
          throw failure(
            'NET_NOT_CONFIGURED',
            'repo_deploy: no code-hosting integration is set up for the site',
          );
        }
        deploySeq++;
        return { deployId: `deploy${deploySeq}` };
      });
    },
  };
  return self;
}
