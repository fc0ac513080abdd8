/**
 * The package against the catalog's "Calls and API access": every plugin with every attribute the
 * catalog names, fully described, its DIALECT spellings as aliases; and browser-safe sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { netPlugins } from '../src/index';

const CATALOG: Record<string, string[]> = {
  api: [
    'endpoint',
    'method',
    'query',
    'queries',
    'json_body',
    'body',
    'files',
    'headers',
    'cache_time',
    'var',
    'json_var',
    'resp_header_var',
    'dl_flg',
    'status_var',
    'timeout',
    'sslcert',
    'sslkey',
    'cainfo',
    'http_code_var',
  ],
  api_internal: [
    'endpoint',
    'method',
    'query',
    'queries',
    'headers',
    'cache_time',
    'var',
    'status_var',
    'member_id',
    'use_current_session',
    'direct',
  ],
  api_method: ['var', 'model', 'method', 'version', 'request_params', 'method_params'],
  api_mng: [
    'endpoint',
    'method',
    'query',
    'queries',
    'headers',
    'files',
    'var',
    'status_var',
    'member_id',
    'use_current_session',
  ],
  assign_api_credential: ['api_key', 'dg_key', 'dg_id', 'var', 'jwt_data', 'member_id', 'expire'],
  batch: ['batch_id', 'name', 'module', 'ext_data', 'var'],
  child_site: ['site_key', 'var'],
  site_sync: ['from_site_key', 'to_site_key', 'sync_type'],
  backup: ['type', 'memo', 'result_var'],
  backup_delete: ['backup_id', 'start_date', 'end_date', 'result_var'],
  purge_cdn_cache: ['module', 'api_endpoint', 'topics_group_id', 'csvtable_id'],
  repo_deploy: ['result_var'],
  cloud_functions_token: ['var', 'url', 'sa_secret_name'],
  cloud_pubsub_publish: ['var', 'topic', 'message', 'project', 'sa_secret_name'],
  analytics: [
    'var',
    'updated_topics_ids',
    'update_column_slug',
    'update_column_index',
    'update_target_metric',
    'update_target_dimension',
    'topics_group_id',
    'startDate',
    'endDate',
    'queries',
  ],
  chat_get_message: ['var', 'channel', 'ts'],
  chat_post_message: ['var', 'channel', 'users', 'text', 'thread_ts'],
  chat_team_info: ['var', 'team'],
  social_post_message: ['var', 'text'],
  sendmail: ['var', 'to', 'subject', 'contents', 'from', 'from_nm', 'mail_template'],
  secret: ['var', 'key'],
  generate_pdf: [
    'url',
    'path',
    'option',
    'browser_width',
    'browser_height',
    'sleep',
    'ua',
    'format',
    'cookie',
    'domain',
    'overwrite',
    'callback_batch',
    'data',
  ],
};

/** DIALECT.md "Names": the CMS's own spellings */
const ALIASES: Record<string, string> = {
  slack_get_message: 'chat_get_message',
  slack_post_message: 'chat_post_message',
  slack_team_info: 'chat_team_info',
  gcloud_functions_token: 'cloud_functions_token',
  gcloud_pubsub_publish: 'cloud_pubsub_publish',
  googleanalytics: 'analytics',
  github_deploy: 'repo_deploy',
  twitter_post_message: 'social_post_message',
};

describe('every catalog plugin, with every catalog attribute', () => {
  test('the package has exactly these plugins', () => {
    expect(netPlugins.map((d) => d.name).sort()).toEqual(Object.keys(CATALOG).sort());
  });

  test.each(Object.entries(CATALOG))('%s', (name, attributes) => {
    const def = netPlugins.find((d) => d.name === name);
    for (const a of attributes) expect(def?.attributes[a]?.description, `${name} ${a}`).toBeTruthy();
  });

  test.each(Object.entries(ALIASES))('%s is an alias of %s', (alias, name) => {
    expect(netPlugins.find((d) => d.name === name)?.aliases).toContain(alias);
  });

  test('every plugin is fully described', () => {
    for (const def of netPlugins) {
      expect(def.group).toBe('Calls and API access');
      expect(def.async, def.name).toBe(true);
      expect(def.result, def.name).toBeTruthy();
      expect(def.errors?.length, def.name).toBeGreaterThan(0);
    }
  });
});

test('browser-safe: only the node entry imports node:*, undici, nodemailer or playwright-core', () => {
  const src = join(__dirname, '../src');
  const nodeOnly = new Set(['node.ts', 'http/node-client.ts', 'mail/smtp.ts', 'pages/chromium.ts']);
  for (const f of readdirSync(src, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts') || nodeOnly.has(relative(src, join(src, f)))) continue;
    const source = readFileSync(join(src, f), 'utf8');
    expect(source, f).not.toMatch(/(from|import\() *['"](node:|undici|nodemailer|playwright-core)/);
  }
});
