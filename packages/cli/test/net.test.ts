/**
 * The network plugins from the command line: real calls by default (a local server on 127.0.0.1),
 * a refused connection as status 0 and a logged error, `--fake` for the deterministic fakes, secrets
 * from the config's file, and `--verbose` saying which network was used.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sumi-net-'));
let server: Server;
let base = '';
const seen: { method?: string; url?: string; type?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        type: req.headers['content-type'],
        auth: req.headers.authorization,
        body,
      });
      res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r-1' });
      res.end(JSON.stringify({ ok: true, echo: JSON.parse(body || 'null') }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** the CLI, asynchronously: the test's own server must keep answering while it runs */
function sumi(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const apiTag = (endpoint: string) =>
  `{assign var=h value=$dataSet.emptyArray}{append var=h value="Authorization: Bearer \`$smarty.const.TOKEN\`"}` +
  `{api endpoint="${endpoint}" method="POST" json_body=$payload headers=$h var=raw json_var=j status_var=ok http_code_var=code}` +
  '{$ok} {$code} {$j.echo.name}';

describe('sumi render and the network', () => {
  it('makes a real api call without any config, and a refused one gives status 0 and a logged error', async () => {
    writeFileSync(join(root, 'call.tpl'), apiTag(`${base}/v1/items?x=1`));
    writeFileSync(join(root, 'c.json'), JSON.stringify({ constants: { TOKEN: 'tok-123' } }));
    writeFileSync(join(root, 'd.json'), JSON.stringify({ payload: '{"name":"墨"}' }));
    const r = await sumi(['render', 'call.tpl', '--config', 'c.json', '--data', 'd.json', '--verbose']);
    expect(r.stdout).toBe('1 201 墨');
    expect(r.stderr).toContain('sumi: net: live for api, generate_pdf (Chromium at ');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/items?x=1',
      type: 'application/json',
      auth: 'Bearer tok-123',
      body: '{"name":"墨"}',
    });

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`;
    await new Promise<void>((r) => closed.close(() => r()));
    writeFileSync(join(root, 'dead.tpl'), apiTag(dead));
    const refused = await sumi(['render', 'dead.tpl', '--config', 'c.json', '--data', 'd.json', '--log']);
    expect(refused.code).toBe(0);
    expect(refused.stdout).toBe('0 0 ');
    expect(refused.stderr).toMatch(/error NET_REFUSED \[api\]/);
    expect(refused.stderr).toMatch(/info API_CALL \[api\] POST http:\/\/127\.0\.0\.1:\d+\/x → no response/);
    expect(refused.stderr).not.toContain('tok-123');
  });

  it('--fake answers from the fakes: no request leaves the process', async () => {
    const before = seen.length;
    writeFileSync(
      join(root, 'fake.tpl'),
      `${apiTag(`${base}/v1/items`)}|{sendmail to="a@example.com" subject="hi" contents="x" var=sent}{$sent}`,
    );
    const r = await sumi([
      'render',
      'fake.tpl',
      '--fake',
      '--verbose',
      '--data',
      'd.json',
      '--config',
      'c.json',
    ]);
    expect(r.stdout).toBe('0 404 |1');
    expect(r.stderr).toContain('sumi: net: every network plugin answers from its fake');
    expect(seen.length).toBe(before);
  });

  it('generate_pdf drives a real Chromium in live mode, saves into the site folder and ends the browser', async () => {
    mkdirSync(join(root, 'pdf-site'));
    writeFileSync(
      join(root, 'pdf.tpl'),
      `{generate_pdf url="${base}/report?id=7" path="/files/g/private/reports/7.pdf" var=p status_var=ok}{$ok} {$p}`,
    );
    const r = await sumi(['render', 'pdf.tpl', '--site', 'pdf-site', '--verbose', '--log']);
    expect(r.stderr).toMatch(/sumi: net: live for api, generate_pdf \(Chromium at [^)]+\);/);
    expect(r.stdout).toBe('1 /files/g/private/reports/7.pdf');
    expect(r.code).toBe(0);
    const pdf = readFileSync(join(root, 'pdf-site/files/g/private/reports/7.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1_000);
    expect(r.stderr).toContain(`info API_CALL [generate_pdf] GET ${base}/report → 201`);
    // the fake needs no browser
    const fake = await sumi(['render', 'pdf.tpl', '--site', 'pdf-site', '--fake']);
    expect(fake.stdout).toBe('0 ');
    expect(fake.stderr).toContain('NET_EXISTS');
  }, 60_000);

  it('reads secrets from the config file or the environment, never printing them', async () => {
    writeFileSync(join(root, 'secrets.json'), JSON.stringify({ api_token: 'from-file' }));
    writeFileSync(join(root, 's.json'), JSON.stringify({ secrets: 'secrets.json' }));
    writeFileSync(
      join(root, 'secret.tpl'),
      '{secret var=t key="api_token"}{$t|strlen} {secret var=m key="missing"}{if $m === false}none{/if}',
    );
    const r = await sumi(['render', 'secret.tpl', '--config', 's.json']);
    expect(r.stdout).toBe('9 none');
    expect(r.stderr).toMatch(/NET_NO_SECRET/);
    const env = await sumi(['render', 'secret.tpl', '--config', 's.json'], {
      SUMI_SECRET_API_TOKEN: 'env-value-longer',
    });
    expect(env.stdout).toBe('16 none');
    expect(r.stderr + env.stderr).not.toMatch(/from-file|env-value-longer/);
  });
});

describe('sumi plugins', () => {
  it('lists every net plugin with its metadata and aliases', async () => {
    const r = await sumi(['plugins', '--json']);
    const metas = JSON.parse(r.stdout) as {
      name: string;
      group: string;
      aliases?: string[];
      examples?: unknown[];
    }[];
    const { netPlugins } = await import('@sumi/plugins-net');
    for (const def of netPlugins) {
      const meta = metas.find((m) => m.name === def.name);
      expect(meta, def.name).toMatchObject({ group: 'Calls and API access' });
      expect(meta?.examples?.length, def.name).toBeGreaterThan(0);
      expect(meta?.aliases ?? []).toEqual(def.aliases ?? []);
    }
    expect(netPlugins.length).toBe(22);
  });
});
