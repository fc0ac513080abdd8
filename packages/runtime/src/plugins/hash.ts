/**
 * {cms_hash}: PHP's hash() / hash_hmac() of a string, as lowercase hex or raw bytes.
 */
import { digestText, HASH_ALGORITHMS, isHashAlgorithm, phpHash, toBool, toBytes, toStr } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const cmsHash: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_hash',
  aliases: ['rcms_hash'],
  group: 'Variables and arrays',
  description: `Hash of \`data\` (PHP hash()), or its HMAC with \`key\` (hash_hmac()). Algorithms: ${HASH_ALGORITHMS.join(', ')} (case-insensitive; the checksums crc32b … joaat have no HMAC).`,
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the hash' },
    data: { type: 'string', required: true, description: 'the data to hash (its UTF-8 bytes)' },
    algo: { type: 'string', default: 'sha256', description: 'hash algorithm ("" is the default)' },
    key: {
      type: 'string',
      description:
        'HMAC secret; without it, or null or "", a plain hash (as the CMS: an empty key is no key)',
    },
    binary: {
      type: 'boolean',
      default: false,
      description: 'raw bytes (a binary string) instead of lowercase hex',
    },
  },
  errors: ['an unknown algorithm', 'an HMAC with a checksum algorithm (PHP ValueError)'],
  examples: [
    { template: "{cms_hash var=h data='abc' algo=md5}{$h}", output: '900150983cd24fb0d6963f7d28e17f72' },
    {
      template: "{cms_hash var=h data='abc'}{$h}",
      output: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    },
    {
      template: "{cms_hash var=h data='The quick brown fox jumps over the lazy dog' key='key'}{$h}",
      output: 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
      description: 'HMAC-SHA256',
    },
  ],
  run(ctx, a) {
    const keyText = toStr(a.key);
    const key = keyText === '' ? undefined : toBytes(keyText);
    const algo = a.algo === '' ? 'sha256' : toStr(a.algo);
    if (!isHashAlgorithm(algo)) {
      fail(
        ErrorCodes.INVALID_ATTRIBUTE,
        // names the attribute, never its value (a misplaced constant may be a secret)
        { tag: 'cms_hash', problem: "'algo' is not a supported hash algorithm" },
        `use one of ${HASH_ALGORITHMS.join(', ')}`,
      );
    }
    const digest = phpHash(algo, toBytes(toStr(a.data)), key);
    ctx.assign(a.var as string, digestText(digest, toBool(a.binary)));
  },
});
