/** Runs one of the measurement children and returns its JSON line. */
import { execFile } from 'node:child_process';

/** CPU ms used by finished children (they report process.cpuUsage() in their JSON). */
export const childCpu = { ms: 0 };

export function runChild(script, args, nodeFlags = []) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeFlags, new URL(script, import.meta.url).pathname, ...args],
      { maxBuffer: 1 << 20, timeout: 150_000 },
      (err, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop();
        try {
          const result = JSON.parse(line);
          if (result.cpu) childCpu.ms += (result.cpu.user + result.cpu.system) / 1000;
          delete result.cpu;
          resolve(result);
        } catch {
          resolve({ ok: false, error: (stderr || err?.message || 'no output').trim().split('\n')[0] });
        }
      },
    );
  });
}

/** In a child: prints its one JSON line (with its CPU time, which runChild adds up). */
export function report(result) {
  process.stdout.write(`${JSON.stringify({ cpu: process.cpuUsage(), ...result })}\n`);
}

/** In a child: runs `main`, and reports a failure as the JSON line runChild expects. */
export function runAsChild(main) {
  main().catch((err) => {
    report({ ok: false, error: err instanceof Error ? err.message : String(err) });
    process.exitCode = 1;
  });
}
