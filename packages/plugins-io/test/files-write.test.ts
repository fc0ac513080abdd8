/** write_file and save_file on the memory site: success, failures, budgets. */
import { seededRandom } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { exampleSite, files, readText, renderOn, siteWith } from './helpers';

const tempFiles = async (site: Awaited<ReturnType<typeof siteWith>>) =>
  [...files(site).keys()].filter((k) => k.startsWith('temp/')).sort();

/** the first name a seeded random gives write_file */
const firstName = (seed: number) =>
  `sumi_${seededRandom(seed).int(0, 0xffffffff).toString(16).padStart(8, '0')}`;

describe('write_file', () => {
  test('a string to a path of the temporary area; var gets it relative', async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{write_file path="log.txt" var=p value="hello\\n"}[{$p}]');
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('[log.txt]');
    expect(await readText(site, 'temp/log.txt')).toBe('hello\n');
  });

  test('an array is ONE CSV row, quoted as fputcsv, without a line break; keys are ignored', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{assign var=row value=$none}{append var=row index=path value="/files/ltd/a b.png"}{append var=row index=note value=\'say "hi", then\'}{append var=row index=n value=3}' +
        '{write_file path="row.csv" var=p value=$row}',
    );
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'temp/row.csv')).toBe('"/files/ltd/a b.png","say ""hi"", then",3');
  });

  test("values become fields as PHP's (string): floats, booleans, null; a nested array is Array with a warning", async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{write_file path="v.csv" var=p value=$row}', {
      row: [1, 1.5, 0.1 + 0.2, true, false, null, 1e20, 7e-10, 'a\\"b', ['nested']],
    });
    // what PHP 8.2's fputcsv writes for the same row
    expect(await readText(site, 'temp/v.csv')).toBe('1,1.5,0.3,1,,,1.0E+20,7.0E-10,"a\\"b",Array');
    expect(r.log.some((e) => e.level === 'warn' && /Array to string conversion/.test(e.message))).toBe(true);
  });

  test('is_append=1 appends, and makes a missing file', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{write_file path="a/b/new.txt" value="one" is_append=1}{write_file path="a/b/new.txt" value=",two" is_append=1}',
    );
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'temp/a/b/new.txt')).toBe('one,two');
  });

  test('a write without is_append replaces the file', async () => {
    const site = await siteWith({ 'temp/x.txt': 'old content that is longer' });
    await renderOn(site, '{write_file path="x.txt" var=p value="new"}');
    expect(await readText(site, 'temp/x.txt')).toBe('new');
  });

  test('without path: a new uniquely named file, from the random service', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{write_file var=p value="x"}{$p}',
      {},
      { services: { random: seededRandom(7) } },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe(firstName(7));
    expect(r.output).toMatch(/^sumi_[0-9a-f]{8}$/);
    expect(await readText(site, `temp/${r.output}`)).toBe('x');
  });

  test('without path, a name in use is skipped', async () => {
    const site = await siteWith({ [`temp/${firstName(7)}`]: 'taken' });
    const r = await renderOn(
      site,
      '{write_file var=p value="x"}{$p}',
      {},
      { services: { random: seededRandom(7) } },
    );
    expect(r.output).not.toBe(firstName(7));
    expect(r.output).toMatch(/^sumi_[0-9a-f]{8}$/);
    expect(await readText(site, `temp/${firstName(7)}`)).toBe('taken');
  });

  test('the absolute TEMP_DIR2 form is accepted, and var is still relative', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{write_file path="`$smarty.const.TEMP_DIR2`/abs/a.csv" var=p value="x"}{$p}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('abs/a.csv');
    expect(await readText(site, 'temp/abs/a.csv')).toBe('x');
  });

  test('is_append=1 without path fails: var false, nothing written, the render goes on', async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{write_file var=p value="x" is_append=1}{if $p === false}F{/if}after');
    expect(r.output).toBe('Fafter');
    expect(r.errors).toEqual([
      "IO_MISSING_ATTRIBUTE write_file: is_append=1 needs 'path', the file to append to",
    ]);
    expect(await tempFiles(site)).toEqual([]);
    const e = r.log.find((l) => l.level === 'error');
    expect(e).toMatchObject({ source: 'write_file', code: 'IO_MISSING_ATTRIBUTE', line: 1 });
  });

  test('no path and no var: a failure, no orphan file', async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{write_file value="x"}');
    expect(r.errors[0]).toMatch(/^IO_MISSING_ATTRIBUTE /);
    expect(await tempFiles(site)).toEqual([]);
  });

  test.each([
    ['/files/user/x.txt', 'IO_AREA_DENIED'],
    ['/files/temp/x.txt', 'IO_AREA_DENIED'],
    ['files/ltd/x.txt', 'IO_AREA_DENIED'],
    ['../x.txt', 'IO_PATH_TRAVERSAL'],
    ['a/../../x.txt', 'IO_PATH_TRAVERSAL'],
    ['/etc/passwd', 'IO_PATH_OUTSIDE'],
    ['/tempx/a.txt', 'IO_PATH_OUTSIDE'],
    ['%2e%2e/x.txt', 'IO_PATH_INVALID'],
    ['%252e%252e/x.txt', 'IO_PATH_INVALID'],
    ['a\\..\\x.txt', 'IO_PATH_INVALID'],
    ['a\u0000.txt', 'IO_PATH_INVALID'],
    ['a\n.txt', 'IO_PATH_INVALID'],
    ['/temp', 'IO_IS_DIR'],
    ['/temp/', 'IO_IS_DIR'],
    ['.', 'IO_IS_DIR'],
  ])('path %j is refused with %s; var false; nothing written', async (path, code) => {
    const site = await siteWith();
    const before = [...files(site).keys()];
    const r = await renderOn(site, '{write_file path=$path var=p value="x"}{if $p === false}F{/if}', {
      path,
    });
    expect(r.output).toBe('F');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `)).toBe(true);
    expect([...files(site).keys()]).toEqual(before);
  });

  test('a path naming a folder fails with IO_IS_DIR', async () => {
    const site = await siteWith({ 'temp/dir/a.txt': 'a' });
    const r = await renderOn(site, '{write_file path="dir" var=p value="x"}');
    expect(r.errors[0]).toMatch(/^IO_IS_DIR /);
    expect(r.vars.p).toBe(false);
  });

  test('bytes count against maxFileBytes before writing: past it the render stops, the file unchanged', async () => {
    const site = await siteWith({ 'temp/x.txt': 'old' });
    await expect(
      renderOn(
        site,
        '{write_file path="x.txt" value="123456"}{write_file path="x.txt" value="12345"}',
        {},
        {
          limits: { maxFileBytes: 10 },
        },
      ),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    expect(await readText(site, 'temp/x.txt')).toBe('123456');
    // exactly at the budget is fine
    const ok = await renderOn(
      site,
      '{write_file path="y.txt" value="1234567890"}',
      {},
      { limits: { maxFileBytes: 10 } },
    );
    expect(ok.errors).toEqual([]);
  });

  test('bytes are PHP bytes: UTF-8 and binary strings are written as they are', async () => {
    const site = await siteWith();
    await renderOn(
      site,
      '{write_file path="u.txt" value="日本"}{write_file path="b.bin" value="/wA="|base64_decode}',
    );
    expect([...(await site.fs.read('temp/u.txt'))]).toEqual([0xe6, 0x97, 0xa5, 0xe6, 0x9c, 0xac]);
    expect([...(await site.fs.read('temp/b.bin'))]).toEqual([0xff, 0x00]);
  });

  test('without a site the failure is logged, never a crash', async () => {
    const { createEngine } = await import('@sumi/runtime');
    const { filePlugins } = await import('../src/files/index');
    const r = await createEngine({ plugins: filePlugins }).render('{write_file path="a" var=p value="x"}ok');
    expect(r.output).toBe('ok');
    expect(r.log.find((e) => e.level === 'error')?.code).toBe('IO_NO_SITE');
  });
});

describe('save_file', () => {
  test('saves a value under a unique name of the temporary area', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{save_file value="hello" var=p}{$p}',
      {},
      { services: { random: seededRandom(3) } },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe(firstName(3));
    expect(await readText(site, `temp/${r.output}`)).toBe('hello');
  });

  test('binary-safe', async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{save_file value="/wA="|base64_decode var=p}{$p}');
    expect([...(await site.fs.read(`temp/${r.output}`))]).toEqual([0xff, 0x00]);
  });

  test('the saved path feeds put_file', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{save_file value="a,b" var=p}{put_file tmp_path=$p path="/files/user/s.csv"}',
    );
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/user/s.csv')).toBe('a,b');
  });

  test('without var: a failure and no orphan file', async () => {
    const site = await siteWith();
    const r = await renderOn(site, '{save_file value="x"}after');
    expect(r.output).toBe('after');
    expect(r.errors).toEqual(["IO_MISSING_ATTRIBUTE save_file: 'var' is needed to receive the saved path"]);
    expect(await tempFiles(site)).toEqual([]);
  });

  test('counts against maxFileBytes', async () => {
    const site = await siteWith();
    await expect(
      renderOn(site, '{save_file value="12345" var=p}', {}, { limits: { maxFileBytes: 4 } }),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    expect(await tempFiles(site)).toEqual([]);
  });
});
