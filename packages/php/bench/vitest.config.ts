import { defineConfig } from 'vitest/config';

// the pcre engine table: npx -y pnpm@10.34.9 exec vitest run -c bench/vitest.config.ts
export default defineConfig({ test: { include: ['bench/*.bench.ts'] } });
