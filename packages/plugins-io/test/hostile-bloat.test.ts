/**
 * Input that would fill the memory or the disk: bodies without end, files larger than a string may
 * be. Each is stopped by a budget before it is held.
 */
import { describe, expect, test } from 'vitest';
import { files, renderOn, siteWith } from './helpers';

/** a fetch whose body never ends (1 MiB chunks); `cancelled` tells whether the reader let go */
function endless(contentLength?: string) {
  const state = { sent: 0, cancelled: false };
  const fetchService = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(c) {
          state.sent += 1 << 20;
          c.enqueue(new Uint8Array(1 << 20).fill(65));
        },
        cancel() {
          state.cancelled = true;
        },
      }),
      contentLength === undefined ? {} : { headers: { 'content-length': contentLength } },
    )) as unknown as typeof globalThis.fetch;
  return { state, fetch: fetchService };
}

describe('get_file of a URL whose body never ends', () => {
  // get_file held the whole body (response.arrayBuffer()) before any budget was looked at
  test('save=false stops past limits.maxStringLength: IO_BAD_VALUE, the download cancelled', async () => {
    const { state, fetch } = endless();
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{get_file url="https://example.com/big" save=false var=v}{if $v === false}refused{/if}',
      {},
      { services: { fetch }, limits: { maxStringLength: 4 << 20 } },
    );
    expect(r.output).toBe('refused');
    expect(r.errors[0]).toMatch(/^IO_BAD_VALUE get_file: the content \(more than 4194304 bytes\)/);
    expect(state.cancelled).toBe(true);
    expect(state.sent).toBeLessThanOrEqual(6 << 20);
  });

  test('saved, it stops past limits.maxFileBytes: LIMIT_COST, nothing written', async () => {
    const { state, fetch } = endless();
    const site = await siteWith();
    await expect(
      renderOn(
        site,
        '{get_file url="https://example.com/big" save_path="big.bin" var=v}',
        {},
        { services: { fetch }, limits: { maxFileBytes: 3 << 20 } },
      ),
    ).rejects.toThrow(/exceeds the limit/);
    expect(state.cancelled).toBe(true);
    expect(state.sent).toBeLessThanOrEqual(5 << 20);
    expect([...files(site).keys()]).toEqual([]);
  });

  test('a Content-Length over the cap is refused before the body is read', async () => {
    const { state, fetch } = endless(String(1 << 30));
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{get_file url="https://example.com/big" save=false var=v}',
      {},
      { services: { fetch }, limits: { maxStringLength: 4 << 20 } },
    );
    expect(r.errors[0]).toMatch(/^IO_BAD_VALUE get_file: the content \(1073741824 bytes\)/);
    expect(state.sent).toBeLessThanOrEqual(1 << 20);
  });
});

test('get_file save=false of a site file larger than a string may be: refused before it is read', async () => {
  const site = await siteWith({ 'files/g/big.bin': new Uint8Array(5 << 20) });
  let reads = 0;
  const read = site.fs.read.bind(site.fs);
  site.fs.read = (p) => {
    reads++;
    return read(p);
  };
  const r = await renderOn(
    site,
    '{get_file path="/files/g/big.bin" save=false var=v}{if $v === false}refused{/if}',
    {},
    { limits: { maxStringLength: 4 << 20 } },
  );
  expect(r.output).toBe('refused');
  expect(r.errors[0]).toMatch(/^IO_BAD_VALUE get_file: the content \(5242880 bytes\)/);
  expect(reads).toBe(0);
});
