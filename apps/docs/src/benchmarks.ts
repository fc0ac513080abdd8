/**
 * bench/results/latest.md (written by `pnpm bench`) as it is when the site is built: its HTML,
 * the date it says it was measured, and its headings. The performance page shows the HTML
 * (components/Benchmarks.astro); the headings go into that page's table of contents
 * (route-data.ts), which Starlight otherwise builds only from the page's own Markdown.
 */
import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import type { MarkdownHeading } from 'astro';

// Read through Vite, relative to this source file: `import.meta.url` points into the build's
// output at build time. A glob matches nothing (instead of failing) when the file is missing.
const found = import.meta.glob<string>('../../../bench/results/latest.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface Benchmarks {
  /** '' when there are no results yet */
  html: string;
  /** when the results say they were measured; '' when they do not say */
  when: string;
  headings: MarkdownHeading[];
}

/**
 * The measurement date the results state in their first lines ("Measured 2026-11-22
 * (2026-11-22T01:18:48.914Z) on …"): the file's modification time says when it was last
 * copied or checked out, not when the numbers were taken.
 */
function measuredOn(markdown: string): string {
  for (const line of markdown.split('\n').slice(0, 5)) {
    const m = /^Measured (\d{4}-\d{2}-\d{2})(?: \((\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})[^)]*Z\))?/.exec(line);
    if (m) return m[2] ? `${m[2]} ${m[3]} UTC` : (m[1] ?? '');
  }
  return '';
}

let rendered: Promise<Benchmarks> | undefined;

/** Rendered once per build: the page and its table of contents share one result. */
export function benchmarks(): Promise<Benchmarks> {
  rendered ??= (async () => {
    const markdown = Object.values(found)[0];
    if (markdown === undefined) return { html: '', when: '', headings: [] };
    const processor = await createMarkdownProcessor();
    const { code, metadata } = await processor.render(markdown);
    return { html: code, when: measuredOn(markdown), headings: metadata.headings };
  })();
  return rendered;
}
