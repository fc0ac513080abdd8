import { defineConfig } from 'tsup';

export default defineConfig({
  // The validators and the rich-text editor are reached only through import(), so they become chunks of
  // their own that load when first needed.
  entry: ['src/index.ts', 'src/element.ts'],
  format: ['esm'],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
