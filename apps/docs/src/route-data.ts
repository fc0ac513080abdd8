/**
 * Starlight route middleware. Starlight builds a page's table of contents from the headings of
 * its own Markdown; the performance page's sections come from bench/results/latest.md through a
 * component, so their headings are added here (the same ones, with the same ids, that
 * components/Benchmarks.astro renders).
 */
// Starlight's index declares `Astro.locals.starlightRoute`
import type {} from '@astrojs/starlight';
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import type { MarkdownHeading } from 'astro';
import { benchmarks } from './benchmarks';

type TocItem = NonNullable<StarlightRouteData['toc']>['items'][number];

/** places a heading under the last item of a smaller depth, as Starlight nests its own */
function inject(items: TocItem[], item: TocItem): void {
  const last = items.at(-1);
  if (!last || last.depth >= item.depth) items.push(item);
  else inject(last.children, item);
}

function addHeadings(route: StarlightRouteData, headings: MarkdownHeading[]): void {
  route.headings = [...route.headings, ...headings];
  const toc = route.toc;
  if (!toc) return;
  for (const h of headings) {
    if (h.depth < toc.minHeadingLevel || h.depth > toc.maxHeadingLevel) continue;
    inject(toc.items, { depth: h.depth, slug: h.slug, text: h.text, children: [] });
  }
}

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  if (route.id !== 'performance') return;
  addHeadings(route, (await benchmarks()).headings);
});
