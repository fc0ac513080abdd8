import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Until @sumi/runtime has a build (dist/index.js), tests resolve it to its sources through a shim.
const runtimeBuilt = existsSync(fileURLToPath(new URL('../runtime/dist/index.js', import.meta.url)));

export default defineConfig({
  resolve: runtimeBuilt
    ? {}
    : { alias: { '@sumi/runtime': fileURLToPath(new URL('./test/runtime-shim.ts', import.meta.url)) } },
  test: { include: ['test/**/*.test.ts'] },
});
