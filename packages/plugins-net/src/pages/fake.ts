/**
 * A page renderer without a browser, for the playground, tests and `sumi render --fake`: every
 * http(s) URL "loads" with status 200 (or what `pages` says) and gives a small valid file of the
 * asked format: a one-page PDF naming the URL on the asked paper, or a 1×1 white image. Each
 * request is recorded, so the playground can show what would have been captured.
 */
import { failure, type NetCode } from '../failure';
import { PAPER_POINTS } from './paper';
import type { CaptureFormat, CaptureRequest, CaptureResult, PageRenderer } from './types';

/** how a page of the fake answers: a status, or a failure code (NET_REFUSED, NET_TIMEOUT, ...) */
export type FakePage = { status: number } | { error: NetCode; message?: string };

export interface FakePageRenderer extends PageRenderer {
  /** every capture asked, in order (the `allow` callback left out) */
  readonly calls: Omit<CaptureRequest, 'allow'>[];
  /** editable: URL → answer; a key ending in `*` matches every URL that starts with the rest */
  readonly pages: Record<string, FakePage>;
}

const IMAGES: Record<Exclude<CaptureFormat, 'pdf'>, string> = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADklEQVR4AWL6////fwAAAAD//w7I1cwAAAAGSURBVAMACgUD/9k79a8AAAAASUVORK5CYII=',
  jpeg: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpgA//Z',
  webp: 'UklGRiYAAABXRUJQVlA4IBoAAAAwAQCdASoBAAEAAMASJaQAA3AA/v7deAAAAA==',
};

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** a valid one-page PDF (Helvetica, one line of text), byte offsets and all */
export function onePagePdf(text: string, widthPt: number, heightPt: number): Uint8Array {
  const safe = text
    .slice(0, 200)
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 56 ${heightPt - 72} Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function answerOf(pages: Record<string, FakePage>, url: string): FakePage {
  if (pages[url]) return pages[url];
  let best: [string, FakePage] | undefined;
  for (const [key, page] of Object.entries(pages)) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (url.startsWith(prefix) && (!best || prefix.length > best[0].length)) best = [prefix, page];
  }
  return best?.[1] ?? { status: 200 };
}

export function fakePageRenderer(pages: Record<string, FakePage> = {}): FakePageRenderer {
  const calls: Omit<CaptureRequest, 'allow'>[] = [];
  return {
    label: 'fake pages (no browser)',
    calls,
    pages,
    async capture(request): Promise<CaptureResult> {
      const { allow, ...recorded } = request;
      calls.push(structuredClone(recorded));
      if (allow && !(await allow(request.url)))
        throw failure('NET_BLOCKED', `${request.url}: refused by the host guard`);
      const answer = answerOf(pages, request.url);
      if ('error' in answer)
        throw failure(answer.error, answer.message ?? `${request.url}: ${answer.error} (fake)`);
      if (answer.status < 200 || answer.status > 299) return { status: answer.status, bytes: null };
      let bytes: Uint8Array;
      if (request.format === 'pdf') {
        const [w, h] = PAPER_POINTS[request.pdf.paper] ?? PAPER_POINTS.A4!;
        bytes = onePagePdf(
          `Sumi fake capture of ${request.url}`,
          request.pdf.landscape ? h : w,
          request.pdf.landscape ? w : h,
        );
      } else {
        bytes = base64Bytes(IMAGES[request.format]);
      }
      if (bytes.length > request.maxBytes) {
        throw failure(
          'NET_TOO_LARGE',
          `the ${request.format} is ${bytes.length} bytes, more than ${request.maxBytes}`,
        );
      }
      return { bytes, status: answer.status };
    },
  };
}
