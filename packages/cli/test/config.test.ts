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
      'c.json: unknown key "timzone" (expected one of: timezone, constants, limits, request)',
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
