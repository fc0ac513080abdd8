/**
 * End-to-end: the built `dist/bin.js` run as a child process on temp files,
 * checking stdout, stderr and exit codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sumi-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let counter = 0;
/** A fresh folder with the given files (paths may contain subfolders). */
function folder(files: Record<string, string>): string {
  const dir = join(root, `d${++counter}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function sumi(args: string[], options: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('sumi render', () => {
  it('prints the output exactly, with data from JSON (key order kept)', () => {
    const dir = folder({
      'page.tpl': '{foreach from=$rows key=k item=r}{$k}={$r.name|escape};{/foreach}\n{$rows|@json_encode}',
      'data.json': '{"rows": {"b": {"name": "a&b"}, "a": {"name": "<c>"}}}',
    });
    const r = sumi(['render', 'page.tpl', '--data', 'data.json'], { cwd: dir });
    expect(r).toEqual({
      code: 0,
      // the newline right after {/foreach} is swallowed, as in Smarty 2
      stdout: 'b=a&amp;b;a=&lt;c&gt;;{"b":{"name":"a&b"},"a":{"name":"<c>"}}',
      stderr: '',
    });
  });

  it('streams a long batch to stdout or to --out FILE, byte for byte the same', () => {
    const dir = folder({
      'csv.tpl':
        '{section name=i loop=$n}{$smarty.section.i.index},café-{$smarty.section.i.index*3}\n{/section}end',
      'n.json': '{"n": 60000}',
    });
    const r = sumi(['render', 'csv.tpl', '--data', 'n.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('0,café-0\n1,café-3\n')).toBe(true);
    expect(r.stdout.endsWith('59999,café-179997\nend')).toBe(true);
    const w = sumi(['render', 'csv.tpl', '--data', 'n.json', '--out', 'out.csv'], { cwd: dir });
    expect(w).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe(r.stdout);
    const bad = sumi(['render', 'csv.tpl', '--out', join(dir, 'no', 'such', 'dir', 'x')], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cannot write/);
  });

  it('reads the template from stdin with -', () => {
    const r = sumi(['render', '-'], { input: '{assign var=x value=6}{$x*7}' });
    expect(r).toEqual({ code: 0, stdout: '42', stderr: '' });
  });

  it('fails with file:line:col CODE message and a code frame on stderr, exit 1', () => {
    const dir = folder({ 'bad.tpl': 'line one\n  {foreach $list as $v}{$v}{/foreach}\n' });
    const r = sumi(['render', 'bad.tpl'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const [head, ...frame] = r.stderr.split('\n');
    expect(head).toMatch(/^bad\.tpl:2:\d+ SMARTY3_FORM \S/);
    expect(frame.join('\n')).toContain('{foreach $list as $v}');
  });

  it('reports a run-time error at its position', () => {
    const dir = folder({ 'div.tpl': 'a\nb {$x/0}' });
    const r = sumi(['render', 'div.tpl', '--data', 'd.json'], { cwd: dir });
    expect(r.code).toBe(2); // d.json does not exist: a usage error, not a template error
    expect(r.stderr).toMatch(/^sumi render: cannot read data d\.json/);
    const r2 = sumi(['render', 'div.tpl'], { cwd: dir });
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/^div\.tpl:2:3 [A-Z_]+ /);
  });

  it('prints compile warnings on stderr unless --quiet, and still renders', () => {
    const dir = folder({ 'w.tpl': '{$a + 1}|', 'w.json': '{"a": 5}' });
    const r = sumi(['render', 'w.tpl', '--data', 'w.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('5|');
    expect(r.stderr).toMatch(/^w\.tpl:1:5 IGNORED_AFTER_SPACE warning: /);
    for (const flag of ['--quiet', '-q', '--no-warnings']) {
      expect(sumi(['render', 'w.tpl', '--data', 'w.json', flag], { cwd: dir })).toEqual({
        code: 0,
        stdout: '5|',
        stderr: '',
      });
    }
  });

  it('writes the raw bytes PHP would, not U+FFFD, on stdout and with --out', () => {
    // base64 "/w==" is the single byte 0xFF; "gA==" is 0x80 (a lone continuation byte)
    const dir = folder({ 'b.tpl': 'a{"/w=="|base64_decode}b{"gA=="|base64_decode}é' });
    const r = spawnSync(process.execPath, [bin, 'render', 'b.tpl'], { cwd: dir });
    expect(r.status).toBe(0);
    const want = Buffer.from([0x61, 0xff, 0x62, 0x80, 0xc3, 0xa9]);
    expect(Buffer.compare(r.stdout, want)).toBe(0);
    expect(sumi(['render', 'b.tpl', '--out', 'b.out'], { cwd: dir }).code).toBe(0);
    expect(Buffer.compare(readFileSync(join(dir, 'b.out')), want)).toBe(0);
  });

  it('`pnpm sumi` (scripts/sumi.mjs) reads paths relative to the folder it was typed in', () => {
    const wrapper = fileURLToPath(new URL('../../../scripts/sumi.mjs', import.meta.url));
    const dir = folder({ 'p.tpl': 'from {$where}', 'p.json': '{"where": "the caller"}' });
    // pnpm runs root scripts in the repo root and keeps the caller's folder in INIT_CWD
    const r = spawnSync(process.execPath, [wrapper, 'render', 'p.tpl', '--data', 'p.json'], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: dir, NO_COLOR: '1' },
    });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: 'from the caller',
      stderr: '',
    });
  });

  it('--log prints the render log (a PHP modifier given a wrong type logs and returns null)', () => {
    const dir = folder({ 'l.tpl': 'a{$s|@array_keys}b', 'l.json': '{"s": "x"}' });
    expect(sumi(['render', 'l.tpl', '--data', 'l.json'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'ab',
      stderr: '',
    });
    const r = sumi(['render', 'l.tpl', '--data', 'l.json', '--log'], { cwd: dir });
    expect(r.stdout).toBe('ab');
    expect(r.stderr).toMatch(
      /^l\.tpl:1:\d+ (warn|error) .*array_keys\(\): Argument #1 \(\$array\) must be of type array, string given\n$/,
    );
  });

  it('loads custom functions from a folder, by name and by NN- id', () => {
    const dir = folder({
      'fns/greet.tpl': '{return value="hello `$who`"}',
      'fns/7-double.tpl': '{return value=$n*2}',
      'main.tpl': '{function name=greet who="Ann" var=g}{function id=7 n=21 var=d}{$g} {$d}',
    });
    const r = sumi(['render', 'main.tpl', '--functions', 'fns'], { cwd: dir });
    expect(r).toEqual({ code: 0, stdout: 'hello Ann 42', stderr: '' });
  });

  it('takes constants, timezone and request data from --config', () => {
    const dir = folder({
      'c.tpl':
        '{$smarty.const.SITE_KEY}|{$smarty.get.page}|{$smarty.server.HTTP_HOST}|{$t|date_format:"%H:%M"}',
      'c.json': '{"t": 18000}',
      't.tpl': '{$smarty.get.page}|{$t|date_format:"%H:%M"}',
      'sumi.json': JSON.stringify({
        timezone: 'UTC',
        constants: { SITE_KEY: 'demo' },
        request: { get: { page: '2' }, server: { HTTP_HOST: 'example.com' } },
      }),
    });
    const r = sumi(['render', 'c.tpl', '--data', 'c.json', '--config', 'sumi.json'], { cwd: dir });
    expect(r).toEqual({ code: 0, stdout: 'demo|2|example.com|05:00', stderr: '' });
    const tokyo = sumi(['render', 't.tpl', '--data', 'c.json'], { cwd: dir });
    expect(tokyo.stdout).toBe('|14:00');
    // without the config the site's own constants (here the empty in-memory site's)
    const bare = sumi(['render', 'c.tpl', '--data', 'c.json'], { cwd: dir });
    expect(bare).toEqual({ code: 0, stdout: 'sumi|||14:00', stderr: '' });
    // an undefined constant is PHP's Error, as in the CMS
    writeFileSync(join(dir, 'u.tpl'), '{$smarty.const.NO_SUCH_SITE_CONSTANT}');
    const undefinedConstant = sumi(['render', 'u.tpl'], { cwd: dir });
    expect(undefinedConstant.code).toBe(1);
    expect(undefinedConstant.stderr).toContain('Undefined constant "NO_SUCH_SITE_CONSTANT"');
  });

  it('rejects unknown contexts, options and bad config as usage errors (exit 2)', () => {
    const dir = folder({ 'a.tpl': 'x', 'bad.json': '{"timzone": "UTC"}' });
    expect(sumi(['render', 'a.tpl', '--context', 'nope'], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown context "nope" \(one of: batch, /),
    });
    expect(sumi(['render', 'a.tpl', '--nope'], { cwd: dir }).code).toBe(2);
    expect(sumi(['render', 'a.tpl', '--config', 'bad.json'], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('bad.json: unknown key "timzone"'),
    });
    expect(sumi(['render', 'a.tpl', '--context', 'batch'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'x',
      stderr: '',
    });
  });
});

describe('sumi check', () => {
  it('prints warnings and exits 0 when there is no error', () => {
    const dir = folder({ 'w.tpl': 'ok\n{$a + 1}\n' });
    const r = sumi(['check', 'w.tpl'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^w\.tpl:2:5 IGNORED_AFTER_SPACE warning: .*\n.*\n> 2 \| \{\$a \+ 1\}\n/);
    expect(r.stdout).toContain('1 file checked: 0 errors, 1 warning\n');
  });

  it('warns where a PHP function modifier gets a count of arguments PHP refuses', () => {
    const dir = folder({ 'arity.tpl': 'x\n{$s|substr:1:2:3:4}{$s|substr:1}\n' });
    const r = sumi(['check', 'arity.tpl'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^arity\.tpl:2:4 MODIFIER_ARITY warning: substr\(\) expects at most 3 arguments, 5 given\n.*\n> 2 \| \{\$s\|substr:1:2:3:4\}/,
    );
    expect(r.stdout).toContain('1 file checked: 0 errors, 1 warning\n');
  });

  it('lists errors and warnings together, in source order', () => {
    const dir = folder({ 'multi.tpl': '{foreach $a as $b}{/foreach}\n{$q + 1}\n{if $a}\n' });
    const r = sumi(['check', 'multi.tpl'], { cwd: dir });
    expect(r.code).toBe(1);
    const heads = r.stdout.split('\n').filter((l) => l.startsWith('multi.tpl:'));
    expect(heads.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'multi.tpl:1:10 SMARTY3_FORM',
      'multi.tpl:2:5 IGNORED_AFTER_SPACE',
      'multi.tpl:3:1 UNCLOSED_TAG',
    ]);
    expect(r.stdout).toMatch(/1 file checked: 2 errors, 1 warning\n$/);
  });

  it('prints errors of every file and exits 1', () => {
    const dir = folder({ 'good.tpl': '{$a|escape}', 'bad.tpl': '{if $a}x' });
    const r = sumi(['check', 'good.tpl', 'bad.tpl'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^bad\.tpl:1:1 [A-Z_]+ /m);
    expect(r.stdout).not.toContain('good.tpl:');
    expect(r.stdout).toMatch(/2 files checked: [1-9]\d* errors?, 0 warnings\n$/);
  });
});

describe('sumi cases', () => {
  const passing = {
    'syntax/plain.tpl': 'Hello {$name}!\n',
    'syntax/plain.json': '{"name": "World"}',
    // the reference engine drops the template's final newline
    'syntax/plain.expected': 'Hello World!',
    'deeper/more/keys.tpl': '{foreach from=$m key=k item=v}{$k}:{$v} {/foreach}',
    'deeper/more/keys.json': '{"m": {"2": "two", "01": "x", "1": "one"}}',
    'deeper/more/keys.expected': '2:two 01:x 1:one ',
    'errors/smarty3.tpl': '{foreach $a as $v}{/foreach}',
    'errors/smarty3.error': 'SmartyCompilerException: syntax error',
  };

  it('passes a folder of correct cases, recursively, exit 0', () => {
    const dir = folder(passing);
    const r = sumi(['cases', dir]);
    expect(r).toEqual({ code: 0, stdout: '3 passed, 0 failed\n', stderr: '' });
  });

  it('compares raw output bytes with the .expected bytes', () => {
    const dir = folder({ 'bin/ff.tpl': '{"/w=="|base64_decode}' });
    writeFileSync(join(dir, 'bin/ff.expected'), Buffer.from([0xff]));
    expect(sumi(['cases', dir])).toEqual({ code: 0, stdout: '1 passed, 0 failed\n', stderr: '' });
    writeFileSync(join(dir, 'bin/ff.expected'), Buffer.from([0xef, 0xbf, 0xbd]));
    expect(sumi(['cases', dir]).code).toBe(1);
  });

  it('prints a diff per failing case and the count line last, exit 1', () => {
    const dir = folder({
      ...passing,
      'bad/space.tpl': '{$a} {$b}\n',
      'bad/space.json': '{"a": 1, "b": 2}',
      'bad/space.expected': '1  2\n',
      'bad/renders.tpl': 'fine',
      'bad/renders.error': 'SmartyCompilerException: expected failure',
    });
    const r = sumi(['cases', 'bad', 'syntax', 'errors'], { cwd: dir });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toBe('2 passed, 2 failed');
    expect(r.stdout).toContain('FAIL bad/renders.tpl: rendered, but the reference engine fails here');
    expect(r.stdout).toContain('FAIL bad/space.tpl: output differs\n');
    expect(r.stdout).toContain('  - 1··2⏎\n  + 1·2\n');
  });

  it('--filter selects cases by path and --quiet drops the diffs', () => {
    const dir = folder({ ...passing, 'bad/x.tpl': 'a', 'bad/x.expected': 'b' });
    expect(sumi(['cases', dir, '--filter', 'syntax'])).toEqual({
      code: 0,
      stdout: '1 passed, 0 failed\n',
      stderr: '',
    });
    const quiet = sumi(['cases', '.', '--quiet'], { cwd: dir });
    expect(quiet).toEqual({
      code: 1,
      stdout: 'FAIL bad/x.tpl: output differs\n3 passed, 1 failed\n',
      stderr: '',
    });
  });

  it('a missing folder is a usage error', () => {
    expect(sumi(['cases', join(root, 'nope')])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such directory'),
    });
  });
});

describe('sumi plugins', () => {
  it('--json prints the metadata of every registered definition', () => {
    const r = sumi(['plugins', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    const escapeDef = list.find((p) => p.name === 'escape');
    expect(escapeDef).toMatchObject({
      kind: 'modifier',
      group: expect.any(String),
      description: expect.any(String),
    });
    expect(Array.isArray(escapeDef?.args)).toBe(true);
    const foreach = list.find((p) => p.name === 'foreach');
    expect(foreach).toMatchObject({ kind: 'compiler', attributes: { from: { required: true } } });
    expect(list.some((p) => Array.isArray(p.aliases) && (p.aliases as string[]).includes('rcms_sort'))).toBe(
      true,
    );
    for (const p of list) expect(typeof p.run).toBe('undefined');
  });

  it('lists them as text with signatures', () => {
    const r = sumi(['plugins']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\|escape(\[:\w+\])*/m);
    expect(r.stdout).toMatch(/^\{foreach from=\w+/m);
    expect(r.stdout).toMatch(/\n\d+ definitions\n$/);
  });
});

describe('sumi', () => {
  it('prints usage and exits 2 without a command', () => {
    const r = sumi([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('sumi render FILE|-');
  });
  it('prints its version', () => {
    expect(sumi(['--version'])).toEqual({ code: 0, stdout: '0.0.0\n', stderr: '' });
  });
  it('rejects unknown commands', () => {
    expect(sumi(['frobnicate'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown command "frobnicate"'),
    });
  });
});
