import { defineConfig } from 'tsup';

// One output file per source module (no bundling): a browser bundler that imports one function
// then drops every module it does not reach (`sideEffects: false`), so a page that needs only the
// value model does not carry PCRE, dates, hashing or the entity tables.
export default defineConfig({
  entry: ['src/**/*.ts'],
  bundle: false,
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
