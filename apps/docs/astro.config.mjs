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
      customCss: ['./src/styles/custom.css'],
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
