import { defineConfig } from 'tsup';

// One entry per group so that `@sumi/modifiers/php` (etc.) can be imported alone;
// shared code is split into chunks by esbuild.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    smarty: 'src/smarty/index.ts',
    php: 'src/php/index.ts',
    cms: 'src/cms/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'es2022',
});
