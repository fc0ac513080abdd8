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
  /** the network plugins (see net.ts) */
  net?: NetConfig;
}

/** the config's `net`: live or fake, and the live services; credentials are secret names */
export interface NetConfig {
  /** `"fake"`: every network plugin answers from its fake; `"live"` (the default) calls out */
  mode?: 'live' | 'fake';
  cms?: { baseUrl: string; tokenSecret?: string; apiKeySecret?: string };
  smtp?: {
    host: string;
    port?: number;
    secure?: boolean;
    from?: string;
    userSecret?: string;
    passwordSecret?: string;
  };
  chat?: { baseUrl: string; tokenSecret: string };
  social?: { baseUrl: string; tokenSecret: string };
  guard?: { allowHosts?: string[]; blockPrivate?: boolean };
  /** generate_pdf's Chromium; default $SUMI_CHROMIUM, else /usr/bin/chromium */
  browser?: { executablePath?: string };
}

const NET_SHAPES: Record<string, Record<string, 'string' | 'number' | 'boolean' | 'strings'>> = {
  cms: { baseUrl: 'string', tokenSecret: 'string', apiKeySecret: 'string' },
  smtp: {
    host: 'string',
    port: 'number',
    secure: 'boolean',
    from: 'string',
    userSecret: 'string',
    passwordSecret: 'string',
  },
  chat: { baseUrl: 'string', tokenSecret: 'string' },
  social: { baseUrl: 'string', tokenSecret: 'string' },
  guard: { allowHosts: 'strings', blockPrivate: 'boolean' },
  browser: { executablePath: 'string' },
};
const NET_REQUIRED: Record<string, string[]> = {
  cms: ['baseUrl'],
  smtp: ['host'],
  chat: ['baseUrl', 'tokenSecret'],
  social: ['baseUrl', 'tokenSecret'],
  guard: [],
  browser: [],
};

function checkNet(file: string, net: Record<string, unknown>): NetConfig {
  checkKeys(`${file}: net`, net, ['mode', ...Object.keys(NET_SHAPES)]);
  if (net.mode !== undefined && net.mode !== 'live' && net.mode !== 'fake')
    throw new UsageError(`${file}: net.mode must be "live" or "fake"`);
  for (const [section, shape] of Object.entries(NET_SHAPES)) {
    const value = net[section];
    if (value === undefined) continue;
    if (!isObject(value)) throw new UsageError(`${file}: net.${section} must be an object`);
    checkKeys(`${file}: net.${section}`, value, Object.keys(shape));
    for (const key of NET_REQUIRED[section] ?? [])
      if (value[key] === undefined) throw new UsageError(`${file}: net.${section}.${key} is required`);
    for (const [key, type] of Object.entries(shape)) {
      const v = value[key];
      if (v === undefined) continue;
      const ok =
        type === 'strings' ? Array.isArray(v) && v.every((x) => typeof x === 'string') : typeof v === type;
      if (!ok)
        throw new UsageError(
          `${file}: net.${section}.${key} must be ${type === 'strings' ? 'a list of strings' : `a ${type}`}`,
        );
    }
  }
  return net as NetConfig;
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
    config.net = checkNet(file, net);
  }
  return config;
}

export function loadConfig(file: string): CliConfig {
  return parseConfig(readJsonFile(file, 'config'), file);
}
