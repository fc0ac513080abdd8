// The Sumi docs site. The plugin reference under reference/generated/ is written by
// scripts/gen-reference.mjs from the plugin definitions before `astro build` runs.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { sumiPackagesGuard } from './scripts/vite-sumi-guard.mjs';

export default defineConfig({
  site: 'http://127.0.0.1:4321',
  integrations: [
    starlight({
      title: 'Sumi',
      description: 'Smarty 2.6 and the CMS dialect, in TypeScript: docs, reference and playground.',
      // Noto Sans JP as the fallback for Japanese text on machines without a CJK font: its
      // @font-face rules cover slices of Unicode, so a page downloads only the slices it shows
      customCss: ['@fontsource/noto-sans-jp/400.css', './src/styles/custom.css'],
      routeMiddleware: './src/route-data.ts',
      // src/pages/404.astro is the 404 page, in Starlight's frame
      disable404Route: true,
      sidebar: [
        { label: 'Start', items: ['guides/getting-started', 'playground', 'form-playground'] },
        {
          label: 'Guides',
          items: [
            'guides/dialect',
            'guides/run-contexts',
            'guides/plugins',
            'guides/site-folder',
            'guides/network',
            'guides/errors-and-limits',
            'guides/security-and-limits',
            'guides/cli',
            'guides/json-schema-form',
          ],
        },
        { label: 'Plugin reference', items: [{ autogenerate: { directory: 'reference/generated' } }] },
        { label: 'Project', items: ['performance'] },
      ],
    }),
  ],
  vite: {
    plugins: [sumiPackagesGuard()],
    // the playground's render worker (src/playground/render-worker.ts) loads the engine packages
    // with dynamic imports, which need ES-module workers; the guard applies inside it too
    worker: { format: 'es', plugins: () => [sumiPackagesGuard()] },
    build: {
      rollupOptions: {
        // Astro's MDX output starts with a "use astro:head-inject" directive the bundler
        // reports on every MDX page; it is Astro's own marker, not a problem of ours.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /astro:head-inject/.test(warning.message)) return;
          warn(warning);
        },
      },
    },
  },
});
