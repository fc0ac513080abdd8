// The playground's share links (src/playground/share.ts), bundled with esbuild for Node: values
// round-trip, long ones are compressed, and the plain form the reference's links use still reads.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let share;
let tmp;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'sumi-share-'));
  const out = await build({
    entryPoints: [join(docsRoot, 'src/playground/share.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const file = join(tmp, 'share.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  share = await import(pathToFileURL(file).href);
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('share links', () => {
  it('round-trip any text, Japanese and emoji included', () => {
    for (const text of [
      '',
      'x',
      '{$name|escape} 墨 🎉',
      '{foreach from=$rows item=r}\n{$r.id}\n{/foreach}\n'.repeat(50),
    ]) {
      assert.equal(share.decode(share.encode(text)), text);
    }
  });

  it('compresses a long template: the link is much shorter than plain base64url', () => {
    const text = '{foreach from=$rows item=r}<tr><td>{$r.name|escape}</td></tr>{/foreach}\n'.repeat(40);
    const encoded = share.encode(text);
    assert.ok(encoded.startsWith('~'));
    assert.ok(encoded.length < Buffer.from(text).toString('base64url').length / 5);
  });

  it('keeps a short value plain, and reads the plain form of the reference links', () => {
    assert.equal(share.encode('{$x}'), Buffer.from('{$x}').toString('base64url'));
    assert.equal(share.decode(Buffer.from('{$a|upper} 日本').toString('base64url')), '{$a|upper} 日本');
  });

  it('a whole fragment round-trips; an unreadable part is left out', () => {
    const state = { template: '{$x}'.repeat(100), data: '{"x": "墨"}', context: 'post' };
    assert.deepEqual(share.readFragment(share.writeFragment(state)), state);
    assert.deepEqual(share.readFragment('#src=~AAAA&data=e30'), { template: undefined, data: '{}' });
  });
});
