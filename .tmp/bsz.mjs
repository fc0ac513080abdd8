import { build } from 'esbuild';

const entry = process.argv[2];
const r = await build({
  stdin: { contents: entry, resolveDir: '/work/main', loader: 'js' },
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  platform: 'browser',
  metafile: true,
});
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs)
  .map(([k, v]) => [v.bytesInOutput, k])
  .sort((a, b) => b[0] - a[0]);
for (const [b, k] of rows.slice(0, 25)) console.log(b, k);
console.log('total', out.bytes);
