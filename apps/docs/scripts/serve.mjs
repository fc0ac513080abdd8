// `pnpm --filter @sumi/docs serve [--port N]`: build if anything changed, then `astro preview`
// on 127.0.0.1 (port 4321 unless --port or PORT says otherwise).
import { preview } from 'astro';
import { buildSite, docsRoot, needsBuild } from './site.mjs';

const i = process.argv.indexOf('--port');
const port = Number(i > 0 ? process.argv[i + 1] : (process.env.PORT ?? 4321));
if (!Number.isInteger(port) || port <= 0) {
  console.error(`bad port: ${process.argv[i + 1] ?? process.env.PORT}`);
  process.exit(2);
}
if (needsBuild()) await buildSite();
else console.log('docs are up to date (apps/docs/dist)');
await preview({ root: docsRoot, logLevel: 'warn', server: { host: '127.0.0.1', port } });
console.log(`Sumi docs and playground: http://127.0.0.1:${port}/`);
