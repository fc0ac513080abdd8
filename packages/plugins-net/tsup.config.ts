import { defineConfig } from 'tsup';

// `node` is the Node-only entry (the site folder on disk): the root entry never imports node:*.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'es2022',
});
