import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // the site's own wording of some of Starlight's interface strings (src/content/i18n/en.json)
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
