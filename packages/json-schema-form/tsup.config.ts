import { defineConfig } from 'tsup';

export default defineConfig({
  // The validators and the rich-text editor are reached only through import(), so they become chunks of
  // their own that load when first needed.
  entry: { index: 'src/index.ts', element: 'src/element.ts', editor: 'src/editor-entry.ts' },
  format: ['esm'],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
