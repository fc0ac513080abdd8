/**
 * Every error path of the CLI prints code, message, template, line:column and code frame (or a
 * one-line usage error), and never a JS stack or a path of Sumi's own files, unless --debug.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SumiError } from '@sumi/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { type Io, main, memoryIo } from '../src/index';
import { DEBUG_HINT, reportError } from '../src/report';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sumi-cli-errors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let counter = 0;
function folder(files: Record<string, string | null>): string {
  const dir = join(root, `d${++counter}`);
  for (const [name, text] of Object.entries(files)) {
    // null: a directory where a file is expected
    if (text === null) mkdirSync(join(dir, name), { recursive: true });
    else {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  }
  return dir;
}

function sumi(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** a JS stack frame, or a path of Sumi's own code */
const INTERNALS = /^\s+at |\/packages\/|\/dist\/|node_modules|\.js:\d+/m;

describe('no stack and no host paths without --debug', () => {
  // an indent of 10^11 characters: the memory budget stops it (before it, a raw RangeError)
  const big = '{textformat indent=99999999999}x{/textformat}';

  it('render: code, message, position and frame; the stack only with --debug', () => {
    const dir = folder({ 'big.tpl': `ok\n${big}` });
    const r = sumi(['render', 'big.tpl'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^big\.tpl:2:1 [A-Z_]+ .+\n {2}1 \| ok\n> 2 \| \{textformat/);
    expect(r.stderr).not.toMatch(INTERNALS);
    expect(r.stderr).not.toContain('Invalid string length');
    const d = sumi(['render', 'big.tpl', '--debug'], dir);
    expect(d.code).toBe(1);
    expect(d.stderr.startsWith(r.stderr.split('run again')[0]!)).toBe(true);
    expect(d.stderr).toMatch(/^\s+at /m);
  });

  it('an INTERNAL error points at --debug, and --debug adds its cause', () => {
    // no template provokes one any more: a SumiError as a plugin bug would make it
    const bug = new TypeError("Cannot read properties of undefined (reading 'indexOf')");
    const e = new SumiError({
      code: 'INTERNAL',
      message: 'internal error in {stock} (a bug in Sumi: please report it)',
      template: 'page.tpl',
      source: '{stock}',
      span: { start: 0, end: 7 },
      cause: bug,
    });
    const plain = reportError(e, 'page.tpl');
    expect(plain).toMatch(/^page\.tpl:1:1 INTERNAL internal error in \{stock\}/);
    expect(plain).toContain(DEBUG_HINT);
    expect(plain).not.toContain('indexOf');
    expect(plain).not.toMatch(INTERNALS);
    const debug = reportError(e, 'page.tpl', { debug: true });
    expect(debug).not.toContain(DEBUG_HINT);
    expect(debug).toContain("cause: TypeError: Cannot read properties of undefined (reading 'indexOf')");
  });

  it('check and cases: the same', () => {
    const dir = folder({ 'cases/big.tpl': big, 'cases/big.expected': 'x' });
    const c = sumi(['cases', 'cases'], dir);
    expect(c.code).toBe(1);
    expect(c.stdout).toContain('FAIL');
    expect(c.stdout).not.toMatch(INTERNALS);
    expect(sumi(['cases', 'cases', '--debug'], dir).stdout).toMatch(/^\s+at /m);
    const k = sumi(['check', 'cases/big.tpl'], dir);
    expect(k.code).toBe(0);
    expect(k.stdout).not.toMatch(INTERNALS);
  });

  it('--debug may stand anywhere and changes nothing when all goes well', () => {
    const dir = folder({ 'a.tpl': '{$x|default:"y"}' });
    expect(sumi(['--debug', 'render', 'a.tpl'], dir)).toEqual({ code: 0, stdout: 'y', stderr: '' });
    expect(sumi(['render', '--debug', 'a.tpl'], dir)).toEqual({ code: 0, stdout: 'y', stderr: '' });
  });
});

describe('files that cannot be read are usage errors, not crashes', () => {
  it('a custom function that is a directory', () => {
    const dir = folder({ 'a.tpl': 'x', 'fns/f.tpl': null });
    const r = sumi(['render', 'a.tpl', '--functions', 'fns'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sumi render: cannot read function fns\/f\.tpl: EISDIR/);
    expect(r.stderr).not.toMatch(INTERNALS);
  });

  it('a config with an unknown time zone', () => {
    const dir = folder({
      'a.tpl': '{$smarty.now|date_format:"%H"}',
      'c.json': '{"timezone": "Mars/Olympus"}',
    });
    const r = sumi(['render', 'a.tpl', '--config', 'c.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('c.json: "timezone" must be an IANA zone name');
  });

  it('a case whose template or expected output is a directory fails that case only', () => {
    const dir = folder({
      'cases/a.tpl': 'x',
      'cases/a.expected': null,
      'cases/b.tpl': 'y',
      'cases/b.expected': 'y',
    });
    const r = sumi(['cases', 'cases'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL cases\/a\.tpl: cannot read the expected output: EISDIR/);
    expect(r.stdout).toMatch(/1 passed, 1 failed\n$/);
    expect(r.stderr).toBe('');
  });

  it('a template that is a directory', () => {
    const dir = folder({ 'a.tpl': null });
    expect(sumi(['render', 'a.tpl'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/cannot read a\.tpl/),
    });
    const c = sumi(['check', 'a.tpl'], dir);
    expect(c.code).toBe(1);
    expect(c.stdout).toMatch(/^a\.tpl:1:1 READ cannot read: EISDIR/);
  });
});

describe('an exception escaping a command is reported as a bug, with its stack only on --debug', () => {
  const failingIo = (): Io & { stderr: string } => {
    const io = memoryIo();
    io.out = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    };
    return io;
  };

  it('without --debug: one line and a pointer, exit 70', async () => {
    const io = failingIo();
    expect(await main(['plugins'], io)).toBe(70);
    expect(io.stderr).toBe(
      'sumi plugins: internal error (a bug in Sumi: please report it)\nrun again with --debug to add the JS stack to a bug report\n',
    );
  });

  it('with --debug: the JS error and its stack', async () => {
    const io = failingIo();
    expect(await main(['plugins', '--debug'], io)).toBe(70);
    expect(io.stderr).toMatch(
      /^sumi plugins: internal error \(a bug in Sumi: please report it\)\nTypeError: Cannot read/,
    );
    expect(io.stderr).toMatch(/^\s+at /m);
  });

  it('prototype names are unknown commands', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const io = memoryIo();
      expect(await main([name], io)).toBe(2);
      expect(io.stderr).toContain(`unknown command "${name}"`);
    }
  });
});
