import { defineConfig } from 'tsup';

export default defineConfig({
  // bin.ts starts with a shebang; esbuild keeps it and tsup marks dist/bin.js executable
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
});
