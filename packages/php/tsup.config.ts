import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * One output file per source module: a browser bundler that imports one function then drops every
 * module it does not reach (`sideEffects: false`), so a page that needs only the value model does not
 * carry PCRE, dates, hashing or the entity tables. Each module is built on its own and its relative
 * imports point at the sibling output (`./array.js`), as Node's ESM loader needs.
 */
const relativeImportsAsJs: Plugin = {
  name: 'relative-imports-as-js',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return null;
      return { path: `${args.path}.js`, external: true };
    });
  },
};

export default defineConfig({
  entry: ['src/**/*.ts'],
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  esbuildPlugins: [relativeImportsAsJs],
});
