/** What the numbers were measured on. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export function machineInfo() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit,
    // other processes on the machine skew every number; the report shows this
    loadAverage: os.loadavg()[0],
  };
}
