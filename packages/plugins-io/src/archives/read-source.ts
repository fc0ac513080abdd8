/** Reading a whole source (an archive to unzip) from a URL or the site, within a byte cap. */
import type { RenderContext } from '@sumi/runtime';
import { concat } from '../bytes';
import { failure } from '../failure';
import { fetchInto } from '../fetch';
import type { SitePath } from '../paths';
import type { Site } from '../site';
import { archiveCap } from './common';

/**
 * Streams a site file to `sink`, at most `cap` bytes (IO_ARCHIVE_LIMIT past it, counted as it is
 * read: a file that grows meanwhile is still caught). IO_NOT_FOUND / IO_IS_DIR when it is not a file.
 */
export async function streamSiteFile(
  site: Site,
  p: SitePath,
  attribute: string,
  cap: number,
  capText: string,
  sink: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  const st = await site.fs.stat(p.path);
  const shown = JSON.stringify(p.display);
  if (!st) throw failure('IO_NOT_FOUND', `'${attribute}' ${shown} does not exist`);
  if (st.isDir) throw failure('IO_IS_DIR', `'${attribute}' ${shown} is a folder, not a file`);
  const tooBig = () => failure('IO_ARCHIVE_LIMIT', `'${attribute}' ${shown} is larger than ${capText}`);
  if (st.size > cap) throw tooBig();
  const reader = (await site.fs.readStream(p.path)).getReader();
  let total = 0;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) return total;
      total += step.value.length;
      if (total > cap) throw tooBig();
      await sink(step.value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
}

/** the whole body of a URL or a site file, at most `cap` bytes */
export async function readWhole(
  ctx: RenderContext,
  source: { url: URL } | { site: Site; path: SitePath; attribute: string },
  cap: number,
  capText: string,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const sink = (c: Uint8Array) => {
    chunks.push(c);
  };
  const total =
    'url' in source
      ? await fetchInto(ctx, source.url, archiveCap(cap, capText), sink)
      : await streamSiteFile(source.site, source.path, source.attribute, cap, capText, sink);
  return concat(chunks, total);
}
