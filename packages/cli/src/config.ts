/**
 * `--config FILE`: engine options as JSON. Only the options that make sense
 * in a file are accepted, and each is checked, so a typo is an error rather
 * than a silently ignored key.
 *
 * {
 *   "timezone": "Asia/Tokyo",
 *   "constants": { "SITE_KEY": "demo", "TEMP_DIR2": "/tmp/sumi" },
 *   "limits": { "maxSteps": 1000000, "timeoutMs": 5000, "maxOutputBytes": 1048576, "maxDepth": 16 },
 *   "request": { "get": { "page": "2" }, "post": {}, "server": { "HTTP_HOST": "example.com" }, "memberId": 12 }
 * }
 */
import { resolveTimeZoneName } from '@sumi/php';
import { DEFAULT_LIMITS, type EngineOptions } from '@sumi/runtime';
import { readJsonFile, UsageError } from './io';
import { secretsPath } from './secrets';

/** what `--config` may say: engine options, plus where secrets are and which network to use */
export interface CliConfig extends Pick<EngineOptions, 'timezone' | 'constants' | 'limits' | 'request'> {
  /** a JSON file of secret name → value, relative to the config file (see secrets.ts) */
  secrets?: string;
  /** the network plugins: `"fake"` answers from canned responses; `"live"` (the default) calls out */
  net?: { mode?: 'live' | 'fake' };
}

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[];
const REQUEST_KEYS = ['get', 'post', 'server', 'memberId'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkKeys(where: string, value: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new UsageError(`${where}: unknown key "${key}" (expected one of: ${allowed.join(', ')})`);
    }
  }
}

/** Validates parsed JSON; `file` is used in messages. */
export function parseConfig(json: unknown, file: string): CliConfig {
  if (!isObject(json)) throw new UsageError(`${file}: the config must be a JSON object`);
  checkKeys(file, json, ['timezone', 'constants', 'limits', 'request', 'secrets', 'net']);
  const config: CliConfig = {};
  if (json.timezone !== undefined) {
    // checked here: an unknown zone would otherwise first fail inside a date function of a render
    if (
      typeof json.timezone !== 'string' ||
      json.timezone === '' ||
      resolveTimeZoneName(json.timezone) === null
    ) {
      throw new UsageError(`${file}: "timezone" must be an IANA zone name such as "Asia/Tokyo"`);
    }
    config.timezone = json.timezone;
  }
  if (json.constants !== undefined) {
    if (!isObject(json.constants))
      throw new UsageError(`${file}: "constants" must be an object of NAME: value`);
    config.constants = json.constants;
  }
  if (json.limits !== undefined) {
    const limits = json.limits;
    if (!isObject(limits)) throw new UsageError(`${file}: "limits" must be an object`);
    checkKeys(`${file}: limits`, limits, LIMIT_KEYS);
    for (const [key, value] of Object.entries(limits)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
        throw new UsageError(`${file}: limits.${key} must be a positive integer`);
      }
    }
    config.limits = limits as CliConfig['limits'];
  }
  if (json.request !== undefined) {
    const request = json.request;
    if (!isObject(request)) throw new UsageError(`${file}: "request" must be an object`);
    checkKeys(`${file}: request`, request, REQUEST_KEYS);
    for (const key of ['get', 'post', 'server'] as const) {
      if (request[key] !== undefined && !isObject(request[key])) {
        throw new UsageError(`${file}: request.${key} must be an object`);
      }
    }
    const memberId = request.memberId;
    if (
      memberId !== undefined &&
      memberId !== null &&
      !(typeof memberId === 'number' && Number.isInteger(memberId))
    ) {
      throw new UsageError(`${file}: request.memberId must be an integer or null`);
    }
    config.request = request as CliConfig['request'];
  }
  if (json.secrets !== undefined) {
    if (typeof json.secrets !== 'string' || json.secrets === '')
      throw new UsageError(`${file}: "secrets" must be the path of a JSON file of name: "value"`);
    config.secrets = secretsPath(file, json.secrets);
  }
  if (json.net !== undefined) {
    const net = json.net;
    if (!isObject(net)) throw new UsageError(`${file}: "net" must be an object`);
    checkKeys(`${file}: net`, net, ['mode']);
    if (net.mode !== undefined && net.mode !== 'live' && net.mode !== 'fake')
      throw new UsageError(`${file}: net.mode must be "live" or "fake"`);
    config.net = net as CliConfig['net'];
  }
  return config;
}

export function loadConfig(file: string): CliConfig {
  return parseConfig(readJsonFile(file, 'config'), file);
}
