/** put_file and get_file on the memory site: success, failures, budgets, fetch. */
import { seededRandom } from '@sumi/runtime';
import { describe, expect, test, vi } from 'vitest';
import { exampleSite, files, readText, renderOn, siteWith } from './helpers';

const firstName = (seed: number) =>
  `sumi_${seededRandom(seed).int(0, 0xffffffff).toString(16).padStart(8, '0')}`;

describe('put_file', () => {
  test('a file of the temporary area (relative, as write_file gives it) into /files/ltd; the temporary file stays', async () => {
    const site = await siteWith({ 'temp/sumi_00000001.csv': 'a,b\n' });
    const r = await renderOn(
      site,
      '{put_file tmp_path="sumi_00000001.csv" path="/files/ltd/out/a.csv" status_var=ok}{$ok}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(await readText(site, 'files/ltd/out/a.csv')).toBe('a,b\n');
    expect(await readText(site, 'temp/sumi_00000001.csv')).toBe('a,b\n');
  });

  test('the absolute `TEMP_DIR2`/name form of tmp_path', async () => {
    const site = await siteWith({ 'temp/x/y.txt': 'y' });
    const r = await renderOn(
      site,
      '{put_file tmp_path="`$smarty.const.TEMP_DIR2`/x/y.txt" path="/files/user/y.txt"}',
    );
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/user/y.txt')).toBe('y');
  });

  test('value instead of a temporary file; every allowed destination', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{put_file value="u" path="/files/user/u.txt"}{put_file value="l" path="files/ltd/l.txt"}' +
        '{put_file value="t" path="/files/temp/t.txt"}{put_file value="g" path="/files/g/public/g.txt"}' +
        '{put_file value="a" path="/files/a/a.txt"}{put_file value="b" bucket="archive" path="/2026/b.txt"}' +
        '{put_file value="f" files_path="/files/ltd/f.txt"}{put_file value="" path="/files/user/empty.txt"}',
    );
    expect(r.errors).toEqual([]);
    const got = Object.fromEntries([...files(site)].map(([k, v]) => [k, new TextDecoder().decode(v)]));
    expect(got).toEqual({
      'files/user/u.txt': 'u',
      'files/ltd/l.txt': 'l',
      'files/temp/t.txt': 't',
      'files/g/public/g.txt': 'g',
      'files/a/a.txt': 'a',
      'buckets/archive/2026/b.txt': 'b',
      'files/ltd/f.txt': 'f',
      'files/user/empty.txt': '',
    });
  });

  test('replaces an existing destination', async () => {
    const site = await exampleSite();
    await renderOn(site, '{put_file value="new" path="/files/ltd/prices.csv"}');
    expect(await readText(site, 'files/ltd/prices.csv')).toBe('new');
  });

  test.each([
    ['{put_file tmp_path="a.txt" value="x" path="/files/user/x"}', 'IO_BAD_VALUE'],
    ['{put_file path="/files/user/x"}', 'IO_MISSING_ATTRIBUTE'],
    ['{put_file tmp_path=$undefined path="/files/user/x"}', 'IO_MISSING_ATTRIBUTE'],
    ['{put_file value="x"}', 'IO_MISSING_ATTRIBUTE'],
    ['{put_file value="x" path="/files/user/x" files_path="/files/user/y"}', 'IO_BAD_VALUE'],
    ['{put_file value="x" files_path="/files/user/y" bucket="archive"}', 'IO_BAD_VALUE'],
    ['{put_file value="x" files_path="/files/g/y"}', 'IO_AREA_DENIED'],
    ['{put_file value="x" path="/files/topics/1/x.txt"}', 'IO_AREA_DENIED'],
    ['{put_file value="x" path="/files/member/3/x.txt"}', 'IO_AREA_DENIED'],
    ['{put_file value="x" path="/files/nope/x.txt"}', 'IO_AREA_DENIED'],
    ['{put_file value="x" path="`$smarty.const.TEMP_DIR2`/x.txt"}', 'IO_AREA_DENIED'],
    ['{put_file value="x" path="x.txt"}', 'IO_PATH_INVALID'],
    ['{put_file value="x" path="/files/ltd/../user/x.txt"}', 'IO_PATH_TRAVERSAL'],
    ['{put_file value="x" path="/files/ltd/%2e%2e/x.txt"}', 'IO_PATH_INVALID'],
    ['{put_file value="x" path="/etc/cron.d/x"}', 'IO_PATH_OUTSIDE'],
    ['{put_file value="x" path="/files/ltd/"}', 'IO_IS_DIR'],
    ['{put_file value="x" path="/files/ltd/dir"}', 'IO_IS_DIR'],
    ['{put_file value="x" bucket="../g" path="x"}', 'IO_PATH_INVALID'],
    ['{put_file value="x" bucket="archive" path="../../files/user/x"}', 'IO_PATH_TRAVERSAL'],
    ['{put_file tmp_path="missing.txt" path="/files/user/x"}', 'IO_NOT_FOUND'],
    ['{put_file tmp_path="sub" path="/files/user/x"}', 'IO_IS_DIR'],
    ['{put_file tmp_path="/files/user/readme.txt" path="/files/ltd/x"}', 'IO_AREA_DENIED'],
    ['{put_file tmp_path="../site.json" path="/files/ltd/x"}', 'IO_PATH_TRAVERSAL'],
  ])('%s fails with %s, status 0, nothing written', async (tpl, code) => {
    const site = await siteWith({ 'temp/sub/a.txt': 'a', 'files/ltd/dir/b.txt': 'b', 'site.json': '{}' });
    const before = new Map(files(site));
    const r = await renderOn(site, tpl.replace('}', ' status_var=ok}'));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(r.vars.ok).toBe(0);
    expect(files(site)).toEqual(before);
  });

  test('the bytes count against maxFileBytes before the copy; the destination is unchanged', async () => {
    const site = await siteWith({ 'temp/big.txt': '0123456789ABCDEF', 'files/ltd/x.txt': 'old' });
    await expect(
      renderOn(
        site,
        '{put_file tmp_path="big.txt" path="/files/ltd/x.txt"}',
        {},
        { limits: { maxFileBytes: 15 } },
      ),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    expect(await readText(site, 'files/ltd/x.txt')).toBe('old');
    await expect(
      renderOn(
        site,
        '{put_file value="0123456789" path="/files/ltd/x.txt"}',
        {},
        { limits: { maxFileBytes: 9 } },
      ),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    expect(await readText(site, 'files/ltd/x.txt')).toBe('old');
  });
});

describe('get_file', () => {
  test('an object of the default bucket, saved in the temporary area with its extension', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{get_file path="/files/g/public/brochure.txt" var=p}{$p}',
      {},
      {
        services: { random: seededRandom(5) },
      },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe(`${firstName(5)}.txt`);
    expect(await readText(site, `temp/${r.output}`)).toBe('A public object in the default bucket.\n');
  });

  test('save=false puts the content in var, binary-safe', async () => {
    const site = await siteWith({ 'files/a/bin.dat': Uint8Array.of(0xff, 0x00, 0x41) });
    const r = await renderOn(
      site,
      '{get_file path="/files/a/bin.dat" save=false var=c}{$c|strlen} {$c|base64_encode}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('3 /wBB');
    expect([...files(site).keys()].filter((k) => k.startsWith('temp/'))).toEqual([]);
  });

  test('a key of a named bucket, to a save_path (relative or TEMP_DIR2/…): var gets it relative', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{get_file bucket="archive" path="2025/summary.txt" save_path="c/s.txt" var=a}' +
        '{get_file bucket="archive" path="/2025/summary.txt" save_path="`$smarty.const.TEMP_DIR2`/c/t.txt" var=b}{$a} {$b}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('c/s.txt c/t.txt');
    expect(await readText(site, 'temp/c/t.txt')).toBe('An object in the bucket named archive.\n');
  });

  test('file manager areas and the temporary area can be read too', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{write_file path="w.txt" var=w value="tmp!"}{get_file path=$w save=false var=a}' +
        '{get_file path="/files/ltd/prices.csv" save=false var=b}{get_file path="/files/temp/upload.txt" save=false var=c}{$a}|{$b|strlen}|{$c|strlen}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('tmp!|27|37');
  });

  test('a URL through the fetch service: saved with the extension of its path', async () => {
    const site = await siteWith();
    const fetch = vi.fn(
      async (_url: string | URL | Request) => new Response('id,name\n1,a\n', { status: 200 }),
    );
    const r = await renderOn(
      site,
      '{get_file url="https://example.com/export/data.csv?token=x#top" var=p}{get_file url="https://example.com/x" save=false var=c}{$p}|{$c}',
      {},
      { services: { fetch: fetch as unknown as typeof globalThis.fetch, random: seededRandom(9) } },
    );
    expect(r.errors).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[0]![0])).toBe('https://example.com/export/data.csv?token=x#top');
    expect(r.output).toBe(`${firstName(9)}.csv|id,name\n1,a\n`);
    expect(await readText(site, `temp/${firstName(9)}.csv`)).toBe('id,name\n1,a\n');
  });

  test('a URL that fails, answers 404 or is not http(s): var false, logged, nothing saved', async () => {
    const site = await siteWith();
    const fetch = vi.fn(async (url: string | URL | Request) => {
      if (String(url).includes('down')) throw new TypeError('getaddrinfo ENOTFOUND down.example');
      return new Response('not here', { status: 404 });
    });
    const r = await renderOn(
      site,
      '{get_file url="https://example.com/missing.csv" var=a}{get_file url="https://down.example/x" var=b}' +
        '{get_file url="file:///etc/passwd" var=c}{get_file url="javascript:alert(1)" save=false var=d}' +
        '{if $a === false && $b === false && $c === false && $d === false}all false{/if}',
      {},
      { services: { fetch: fetch as unknown as typeof globalThis.fetch } },
    );
    expect(r.output).toBe('all false');
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual([
      'IO_FETCH_FAILED',
      'IO_FETCH_FAILED',
      'IO_BAD_VALUE',
      'IO_BAD_VALUE',
    ]);
    expect(r.errors[0]).toContain('HTTP 404');
    expect(r.errors[1]).toContain('ENOTFOUND');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect([...files(site).keys()]).toEqual([]);
  });

  test('the destination is checked before anything is fetched', async () => {
    const site = await siteWith();
    const fetch = vi.fn(async () => new Response('x'));
    const r = await renderOn(
      site,
      '{get_file url="https://example.com/a" save_path="/files/user/a" var=p}',
      {},
      {
        services: { fetch: fetch as unknown as typeof globalThis.fetch },
      },
    );
    expect(r.errors[0]).toMatch(/^IO_AREA_DENIED /);
    expect(fetch).not.toHaveBeenCalled();
    expect(r.vars.p).toBe(false);
  });

  test.each([
    ['{get_file path="/files/g/public/brochure.txt" url="https://x/" var=p}', 'IO_BAD_VALUE'],
    ['{get_file var=p}', 'IO_MISSING_ATTRIBUTE'],
    ['{get_file path="/files/g/public/none.txt" var=p}', 'IO_NOT_FOUND'],
    ['{get_file path="/files/g/public" var=p}', 'IO_IS_DIR'],
    ['{get_file path="/files/g/" var=p}', 'IO_IS_DIR'],
    ['{get_file path="/files/topics/1/report.txt" save=false var=p}', 'IO_AREA_DENIED'],
    ['{get_file path="/files/member/3/profile.txt" save=false var=p}', 'IO_AREA_DENIED'],
    ['{get_file path="../site.json" save=false var=p}', 'IO_PATH_TRAVERSAL'],
    ['{get_file path="/files/g/%2e%2e/%2e%2e/site.json" save=false var=p}', 'IO_PATH_INVALID'],
    ['{get_file path="/site.json" save=false var=p}', 'IO_PATH_OUTSIDE'],
    ['{get_file bucket="archive" path="../../site.json" save=false var=p}', 'IO_PATH_TRAVERSAL'],
    ['{get_file bucket="archive" path="2025/none.txt" save=false var=p}', 'IO_NOT_FOUND'],
    ['{get_file path="/files/g/public/brochure.txt" save_path="../x" var=p}', 'IO_PATH_TRAVERSAL'],
    ['{get_file path="/files/g/public/brochure.txt" save_path="/files/ltd/x" var=p}', 'IO_AREA_DENIED'],
  ])('%s fails with %s, var false, nothing saved', async (tpl, code) => {
    const site = await exampleSite();
    const before = new Map(files(site));
    const r = await renderOn(site, tpl);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(r.vars.p).toBe(false);
    expect(files(site)).toEqual(before);
  });

  test('saving counts against maxFileBytes; reading into a variable does not, but is held to maxStringLength', async () => {
    const site = await exampleSite();
    await expect(
      renderOn(site, '{get_file path="/files/ltd/prices.csv" var=p}', {}, { limits: { maxFileBytes: 26 } }),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    const r = await renderOn(
      site,
      '{get_file path="/files/ltd/prices.csv" save=false var=p}{$p|strlen}',
      {},
      {
        limits: { maxFileBytes: 1 },
      },
    );
    expect(r.output).toBe('27');
    const big = await renderOn(
      site,
      '{get_file path="/files/ltd/prices.csv" save=false var=p}',
      {},
      {
        limits: { maxStringLength: 20 },
      },
    );
    expect(big.errors[0]).toMatch(/^IO_BAD_VALUE .*maxStringLength/);
    expect(big.vars.p).toBe(false);
  });
});
