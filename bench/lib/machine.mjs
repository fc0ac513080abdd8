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
  };
}

/** CPU time of the whole machine so far, in ms: busy and idle summed over all cores. */
export function machineCpu() {
  let busy = 0;
  let idle = 0;
  for (const { times } of os.cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, idle };
}

/**
 * Share of the machine's CPU that other processes used between two
 * machineCpu() snapshots, given the CPU time (ms) the harness itself used
 * (its own process and its children). Other work on the machine skews every
 * number, so the report states this.
 */
export function otherCpuShare(start, end, ownMs) {
  const busy = end.busy - start.busy;
  const total = busy + (end.idle - start.idle);
  return total > 0 ? Math.max(0, busy - ownMs) / total : 0;
}
