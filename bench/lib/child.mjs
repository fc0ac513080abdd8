/** Runs one of the measurement children and returns its JSON line. */
import { execFile } from 'node:child_process';

export function runChild(script, args, nodeFlags = []) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeFlags, new URL(script, import.meta.url).pathname, ...args],
      { maxBuffer: 1 << 20, timeout: 150_000 },
      (err, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop();
        try {
          resolve(JSON.parse(line));
        } catch {
          resolve({ ok: false, error: (stderr || err?.message || 'no output').trim().split('\n')[0] });
        }
      },
    );
  });
}
