/** A local HTTP server on 127.0.0.1 for the archive tests: fixed routes, started per test file. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  status?: number;
  body?: string | Uint8Array;
  /** sends `chunks` pieces of `chunkSize` bytes each, without a Content-Length */
  stream?: { chunks: number; chunkSize: number };
  /** a Content-Length header that lies */
  contentLength?: number;
}

export interface Fixture {
  base: string;
  /** paths requested so far */
  hits: string[];
  close(): Promise<void>;
}

export async function serve(routes: Record<string, Route>): Promise<Fixture> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (route.contentLength !== undefined) headers['content-length'] = String(route.contentLength);
    res.writeHead(route.status ?? 200, headers);
    if (route.stream) {
      let sent = 0;
      const piece = new Uint8Array(route.stream.chunkSize).fill(0x41);
      const send = () => {
        while (sent < route.stream!.chunks) {
          sent++;
          if (!res.write(piece)) {
            res.once('drain', send);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => {});
      send();
      return;
    }
    if (route.contentLength !== undefined) {
      // a declared length and a body that never comes: the client must decide on the header alone
      // (close() ends the connection)
      res.on('error', () => {});
      res.flushHeaders();
      res.write(route.body ?? '');
      return;
    }
    res.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** a URL on 127.0.0.1 where nothing listens */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone.zip`;
}
