// `pnpm --filter @sumi/docs build`: generate the plugin reference, then `astro build`.
import { build } from 'astro';
import { generate } from './gen-reference.mjs';
import { docsRoot, writeStamp } from './site.mjs';

const r = await generate();
console.log(`plugin reference: ${r.definitions} definitions, ${r.pages} pages`);
for (const n of r.notes) console.log(`  PENDING: ${n}`);
await build({ root: docsRoot, logLevel: 'warn' });
writeStamp();
console.log('docs built: apps/docs/dist');
