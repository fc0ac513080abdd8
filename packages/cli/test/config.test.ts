import { DEFAULT_LIMITS } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { UsageError } from '../src/io';

describe('parseConfig', () => {
  it('accepts the engine options a file may set', () => {
    const config = parseConfig(
      {
        timezone: 'UTC',
        constants: { SITE_KEY: 'demo' },
        limits: { maxSteps: 1000, timeoutMs: 500 },
        request: { get: { page: '2' }, server: { HTTP_HOST: 'example.com' }, memberId: 7 },
      },
      'sumi.json',
    );
    expect(config).toEqual({
      timezone: 'UTC',
      constants: { SITE_KEY: 'demo' },
      limits: { maxSteps: 1000, timeoutMs: 500 },
      request: { get: { page: '2' }, server: { HTTP_HOST: 'example.com' }, memberId: 7 },
    });
  });

  it('accepts an empty object', () => {
    expect(parseConfig({}, 'c.json')).toEqual({});
  });

  it.each([
    [[], 'c.json: the config must be a JSON object'],
    [
      { timzone: 'UTC' },
      'c.json: unknown key "timzone" (expected one of: timezone, constants, limits, request, secrets, net)',
    ],
    [{ timezone: 9 }, 'c.json: "timezone" must be an IANA zone name such as "Asia/Tokyo"'],
    [{ constants: [1] }, 'c.json: "constants" must be an object of NAME: value'],
    [{ limits: { maxSteps: -1 } }, 'c.json: limits.maxSteps must be a positive integer'],
    [
      { limits: { steps: 1 } },
      `c.json: limits: unknown key "steps" (expected one of: ${Object.keys(DEFAULT_LIMITS).join(', ')})`,
    ],
    [{ request: { get: 'a=1' } }, 'c.json: request.get must be an object'],
    [{ request: { memberId: '7' } }, 'c.json: request.memberId must be an integer or null'],
  ])('rejects %j', (json, message) => {
    expect(() => parseConfig(json, 'c.json')).toThrow(new UsageError(message));
  });
});

describe('secrets and net', () => {
  it('reads the secrets file relative to the config, and the environment wins', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { cliSecrets, envName } = await import('../src/secrets');
    const dir = mkdtempSync(join(tmpdir(), 'sumi-secrets-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ 'api-key': 'from-file', other: 'x' }));
    const config = parseConfig({ secrets: 's.json', net: { mode: 'fake' } }, join(dir, 'c.json'));
    expect(config.net).toEqual({ mode: 'fake' });
    const store = cliSecrets(config.secrets, { [envName('api-key')]: 'from-env' });
    expect(envName('api-key')).toBe('SUMI_SECRET_API_KEY');
    expect(store.get('api-key')).toBe('from-env');
    expect(store.get('other')).toBe('x');
    expect(store.get('missing')).toBeUndefined();
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ k: 1 }));
    expect(() => cliSecrets(join(dir, 'bad.json'))).toThrow(/secret "k" must be a string/);
  });

  it('rejects a bad net section', () => {
    expect(() => parseConfig({ net: { mode: 'real' } }, 'c.json')).toThrow(
      /net.mode must be "live" or "fake"/,
    );
    expect(() => parseConfig({ secrets: 3 }, 'c.json')).toThrow(/"secrets" must be the path/);
  });
});
