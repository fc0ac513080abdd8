/**
 * Default core services: they work in browsers and Node, touch nothing
 * outside the process, and can each be replaced through engine options.
 */
import type { Value } from '@sumi/php';
import type { BatchQueue, Clock, LogSink, Random, SecretStore, Services, Session } from './context';

/** mulberry32: small, fast, good enough for templates; seedable for tests */
export function seededRandom(seed: number = (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => (max < min ? min : min + Math.floor(next() * (max - min + 1))),
  };
}

export const systemClock: Clock = { now: () => Date.now() };

export const silentLog: LogSink = { write() {} };

export function memorySecrets(values: Record<string, string> = {}): SecretStore {
  const m = new Map(Object.entries(values));
  return { get: (name) => m.get(name) };
}

export function memoryBatchQueue(): BatchQueue & { jobs: unknown[] } {
  const jobs: unknown[] = [];
  return {
    jobs,
    enqueue(job) {
      jobs.push(job);
      return jobs.length;
    },
  };
}

export function memorySession(memberId: number | null = null): Session {
  const s: Session = {
    memberId,
    login(id, overwrite) {
      if (s.memberId !== null && !overwrite) return false;
      s.memberId = id;
      return true;
    },
    logout() {
      s.memberId = null;
    },
  };
  return s;
}

export function defaultServices(overrides: Partial<Services> = {}): Services {
  return {
    fetch:
      typeof globalThis.fetch === 'function'
        ? globalThis.fetch.bind(globalThis)
        : ((() => Promise.reject(new Error('no fetch in this environment'))) as typeof fetch),
    clock: systemClock,
    random: seededRandom(),
    log: silentLog,
    secrets: memorySecrets(),
    batch: memoryBatchQueue(),
    globals: new Map<string, Value>(),
    session: memorySession(),
    cookies: new Map<string, string>(),
    timezone: 'Asia/Tokyo',
    ...overrides,
  };
}
