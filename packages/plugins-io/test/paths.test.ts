/** The hostile-path corpus: every way out of an area, each refused with its own code and message. */
import { describe, expect, test } from 'vitest';
import { IoFailure } from '../src/failure';
import { type Area, resolvePath } from '../src/paths';
import { siteWith } from './helpers';

const site = await siteWith();
const ALL: Area[] = ['user', 'ltd', 'topics', 'member', 'temp', 'g', 'a', 'tmp'];

function refusal(input: string, allowed: Area[] = ALL, relativeTo?: Area): string {
  try {
    resolvePath(site, input, allowed, { attribute: 'path', relativeTo });
  } catch (e) {
    expect(e).toBeInstanceOf(IoFailure);
    return (e as IoFailure).code;
  }
  return 'accepted';
}

describe('accepted forms', () => {
  test.each([
    ['/files/user/a.csv', 'user', 'files/user/a.csv', '/files/user/a.csv'],
    ['files/ltd/x/y.png', 'ltd', 'files/ltd/x/y.png', '/files/ltd/x/y.png'],
    ['/files/ltd//x/./y.png', 'ltd', 'files/ltd/x/y.png', '/files/ltd/x/y.png'],
    ['/files/user/', 'user', 'files/user', '/files/user/'],
    ['/files/g/public/a.pdf', 'g', 'files/g/public/a.pdf', '/files/g/public/a.pdf'],
    ['/temp/out.csv', 'tmp', 'temp/out.csv', 'out.csv'],
    ['/files/user/100%.txt', 'user', 'files/user/100%.txt', '/files/user/100%.txt'],
    ['/files/user/日本語.csv', 'user', 'files/user/日本語.csv', '/files/user/日本語.csv'],
    ['/files/user/..hidden', 'user', 'files/user/..hidden', '/files/user/..hidden'],
  ])('%s', (input, area, path, display) => {
    expect(resolvePath(site, input, ALL, { attribute: 'path' })).toEqual({
      area,
      path,
      sub: path
        .split('/')
        .slice(area === 'tmp' ? 1 : 2)
        .join('/'),
      display,
    });
  });

  test('a relative path is read in the area the plugin names', () => {
    expect(resolvePath(site, 'sub/x.csv', ALL, { attribute: 'path', relativeTo: 'tmp' }).path).toBe(
      'temp/sub/x.csv',
    );
    expect(refusal('x.csv')).toBe('IO_PATH_INVALID');
    // a folder named files in the temporary area, but files/<area>/ is the area
    expect(resolvePath(site, 'files/list.csv', ALL, { attribute: 'path', relativeTo: 'tmp' }).path).toBe(
      'temp/files/list.csv',
    );
    expect(resolvePath(site, 'files/user/a.csv', ALL, { attribute: 'path', relativeTo: 'tmp' }).path).toBe(
      'files/user/a.csv',
    );
    expect(refusal('files/list.csv')).toBe('IO_AREA_DENIED');
  });

  test('a bucket key lives in buckets/<name>/', () => {
    expect(resolvePath(site, '/2025/a.txt', ['bucket'], { attribute: 'path', bucket: 'archive' }).path).toBe(
      'buckets/archive/2025/a.txt',
    );
    expect(() => resolvePath(site, 'a', ['bucket'], { attribute: 'path', bucket: '../x' })).toThrow(
      IoFailure,
    );
    expect(() => resolvePath(site, 'a', ['bucket'], { attribute: 'path', bucket: 'a/b' })).toThrow(IoFailure);
  });
});

describe('refused', () => {
  test.each([
    // traversal
    ['/files/user/../ltd/a', 'IO_PATH_TRAVERSAL'],
    ['/files/user/a/../../../../etc/passwd', 'IO_PATH_TRAVERSAL'],
    ['../../etc/passwd', 'IO_PATH_TRAVERSAL'],
    ['/temp/../files/ltd/a', 'IO_PATH_TRAVERSAL'],
    ['/files/user/..', 'IO_PATH_TRAVERSAL'],
    // absolute paths outside the areas
    ['/etc/passwd', 'IO_PATH_OUTSIDE'],
    ['/var/www/tmp/x', 'IO_PATH_OUTSIDE'],
    ['//files/user/a', 'IO_PATH_OUTSIDE'],
    ['/files/secret/a', 'IO_AREA_DENIED'],
    ['/files/', 'IO_AREA_DENIED'],
    ['/files', 'IO_AREA_DENIED'],
    ['/filesx/user/a', 'IO_PATH_OUTSIDE'],
    // NUL bytes and control characters
    ['/files/user/a.txt\0.png', 'IO_PATH_INVALID'],
    ['/files/user/a\nb', 'IO_PATH_INVALID'],
    ['', 'IO_PATH_INVALID'],
    // backslash tricks
    ['/files/user/..\\..\\etc\\passwd', 'IO_PATH_INVALID'],
    ['\\files\\user\\a', 'IO_PATH_INVALID'],
    ['/files/user/a\\b', 'IO_PATH_INVALID'],
    ['C:\\Windows\\win.ini', 'IO_PATH_INVALID'],
    // percent-encoded traversal, single and double
    ['/files/user/%2e%2e/%2e%2e/etc/passwd', 'IO_PATH_INVALID'],
    ['/files/user/..%2fltd', 'IO_PATH_INVALID'],
    ['/files/user/%2E%2E%2F', 'IO_PATH_INVALID'],
    ['/files/user/%252e%252e/x', 'IO_PATH_INVALID'],
    ['/files/user/a%5cb', 'IO_PATH_INVALID'],
    ['/files/user/a%00.txt', 'IO_PATH_INVALID'],
  ])('%j → %s', (input, codeName) => {
    expect(refusal(input)).toBe(codeName);
  });

  test('an area the plugin may not use', () => {
    expect(refusal('/files/topics/1/a.txt', ['user', 'ltd'])).toBe('IO_AREA_DENIED');
    expect(refusal('/temp/a.txt', ['user', 'ltd'])).toBe('IO_AREA_DENIED');
    expect(refusal('a.txt', ['user'], 'tmp')).toBe('IO_AREA_DENIED');
  });

  test('messages quote the attribute and the path, cut when long', () => {
    try {
      resolvePath(site, `/files/user/${'a/'.repeat(300)}../x`, ALL, { attribute: 'src_path' });
    } catch (e) {
      expect((e as Error).message).toMatch(
        /^'src_path' "\/files\/user\/a\/a\/.*…" contains a '\.\.' segment$/,
      );
      expect((e as Error).message.length).toBeLessThan(300);
    }
  });
});
