/**
 * `sumi serve [--site DIR] [--port N] [--host H]`: answers the signed URLs that `{storage_url}`
 * makes, so such a link opens in a browser on the developer's machine. Only those: every request
 * is checked with the same `verifyStorageUrl` that signed it, an expired or altered URL is refused
 * (403, with the reason), and nothing else of the site is served.
 */
import { createServer, type Server } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type Site, verifyStorageUrl } from '@sumi/plugins-io';
import { type Io, UsageError } from '../io';
import { chooseSite } from '../site';

export const serveUsage = `sumi serve [--site DIR] [--port N] [--host H]

Serves the site's object storage at the signed URLs {storage_url} makes (their base is site.json's
storage_base_url, http://localhost:8787 by default). Every request's signature and expiry are checked;
anything else is refused.

  --site DIR           the site folder (default ./site when it exists)
  --port N             default: the port of storage_base_url (8787)
  --host H             default 127.0.0.1
`;

const TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  html: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

/** The storage server of `site`; `now` is the clock the expiry is checked against. */
export function storageServer(site: Site, now: () => number = Date.now): Server {
  return createServer(async (req, res) => {
    const refuse = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end(`${text}\n`);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(405, 'only GET and HEAD', { allow: 'GET, HEAD' });
    const checked = verifyStorageUrl(site, req.url ?? '', now());
    if (!checked.ok)
      return refuse(checked.reason === 'malformed' ? 404 : 403, `refused: ${checked.reason} URL`);
    try {
      // the object's own area: a symbolic link planted in it leads nowhere else (site.json with
      // the signing key, content/, /files/user, out of the site)
      const area =
        checked.bucket === null ? `files/${checked.path.split('/')[0]}` : `buckets/${checked.bucket}`;
      const real = await site.fs.realPath(checked.sitePath);
      if (!real.startsWith(`${area}/`)) return refuse(404, 'no such object');
      const stat = await site.fs.stat(real);
      if (!stat || stat.isDir) return refuse(404, 'no such object');
      // opened before the status is sent, for HEAD too: a file that cannot be read is a clean 500
      // to both, never a 200 to HEAD and a 500 to GET
      const opened = await site.fs.readStream(real);
      const body = req.method === 'HEAD' ? null : opened;
      if (body === null) await opened.cancel().catch(() => undefined);
      const ext = /\.([A-Za-z0-9]+)$/.exec(checked.path)?.[1]?.toLowerCase() ?? '';
      res.writeHead(200, {
        // anything that could run script in the browser is sent as text
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'content-length': String(stat.size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      if (body === null) return res.end();
      // a read error midway cuts the response off; it never reaches the process
      pipeline(Readable.fromWeb(body as never), res, (err) => {
        if (err) res.destroy();
      });
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      // the adapter's words stay in the server: a reader of the URL learns nothing of the site
      const code = (err as { code?: unknown }).code;
      if (code === 'NOT_FOUND' || code === 'OUTSIDE' || code === 'NOT_DIR' || code === 'INVALID')
        return refuse(404, 'no such object');
      refuse(500, 'cannot read the object');
    }
  });
}

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { site: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
  });
  const { site, said } = await chooseSite(values.site);
  const base = new URL(site.storageBaseUrl);
  const port = Number(values.port ?? (base.port || 8787));
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${values.port}: not a port`);
  const host = values.host ?? '127.0.0.1';
  const server = storageServer(site);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new UsageError(`cannot listen on ${host}:${port}: ${err.message}`)));
    server.listen(port, host, resolve);
  });
  io.err(
    `sumi: ${said}\nsumi: serving signed storage URLs at http://${host}:${port}/storage/ (Ctrl+C stops)\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
