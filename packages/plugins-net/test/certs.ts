/** Certificates made in the test with the system's openssl, in a fresh temporary folder. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** runs /usr/bin/openssl in `dir` */
export function openssl(dir: string, ...args: string[]): void {
  execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: 'pipe' });
}

/**
 * A key and a self-signed certificate for 127.0.0.1: one that no trusted CA signed, so every client
 * that checks certificates refuses it. `remove()` deletes the folder.
 */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sumi-net-cert-'));
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'k.pem',
    '-out',
    'c.pem',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  );
  return {
    key: readFileSync(join(dir, 'k.pem')),
    cert: readFileSync(join(dir, 'c.pem')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
