/** {cms_hash}: hash and HMAC of a string, hex or raw, with well-kept hash implementations. */
import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { sha3_256, sha3_512 } from '@noble/hashes/sha3.js';
import { RenderFailure } from '../errors';
import { toBool, toStr } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

const ALGOS = { md5, sha1, sha224, sha256, sha384, sha512, 'sha3-256': sha3_256, 'sha3-512': sha3_512 } as const;

const utf8 = (s: string) => new TextEncoder().encode(s);

export const cmsHash: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_hash',
  aliases: ['rcms_hash'],
  group: 'Variables and arrays',
  description: `Hash of \`data\` (hash()), or its HMAC with \`key\` (hash_hmac()). Algorithms: ${Object.keys(ALGOS).join(', ')}.`,
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the hash' },
    data: { type: 'string', required: true, description: 'the data to hash' },
    algo: { type: 'string', default: 'sha256', enum: Object.keys(ALGOS), description: 'hash algorithm' },
    key: { type: 'string', description: 'HMAC secret; without it a plain hash' },
    binary: { type: 'boolean', default: false, description: 'raw bytes (as a binary string) instead of lowercase hex' },
  },
  examples: [{ template: "{cms_hash var=h data='abc' algo=md5}{$h}", output: '900150983cd24fb0d6963f7d28e17f72' }],
  run(ctx, a) {
    const algo = ALGOS[toStr(a.algo as Value) as keyof typeof ALGOS];
    if (!algo) throw new RenderFailure('INVALID_ATTRIBUTE', `cms_hash: unknown algorithm '${toStr(a.algo as Value)}'`);
    const data = utf8(toStr(a.data as Value));
    const digest = a.key === undefined || a.key === null ? algo(data) : hmac(algo, utf8(toStr(a.key as Value)), data);
    const out = toBool(a.binary as Value)
      ? String.fromCharCode(...digest)
      : Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    ctx.assign(a.var as string, out);
  },
});
