import { HASH_ALGORITHMS } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { err, out } from './render';

const hash = (attrs: string) => out(`{cms_hash var=h ${attrs}}{$h}`);

describe('cms_hash', () => {
  // published test vectors (FIPS 180/202, RFC 1321, RIPEMD-160, FNV, CRC catalogues)
  test.each([
    ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
    ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['sha256', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    [
      'sha384',
      'abc',
      'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
    ],
    [
      'sha512',
      'abc',
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    ],
    ['sha512/224', 'abc', '4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa'],
    ['sha512/256', 'abc', '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23'],
    ['sha3-224', 'abc', 'e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf'],
    ['sha3-256', 'abc', '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
    [
      'sha3-384',
      'abc',
      'ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25',
    ],
    [
      'sha3-512',
      'abc',
      'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
    ],
    ['ripemd160', 'abc', '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'],
    ['crc32b', '123456789', 'cbf43926'],
    ['crc32c', '123456789', 'e3069283'],
    ['adler32', 'abc', '024d0127'],
    ['adler32', 'Wikipedia', '11e60398'],
    ['fnv132', 'a', '050c5d7e'],
    ['fnv1a32', 'a', 'e40c292c'],
    ['fnv164', 'a', 'af63bd4c8601b7be'],
    ['fnv1a64', 'a', 'af63dc4c8601ec8c'],
    ['joaat', 'a', 'ca2e9442'],
  ])('%s(%j)', (algo, data, digest) => {
    expect(hash(`algo='${algo}' data='${data}'`)).toBe(digest);
  });

  test('sha256 is the default; algorithm names are case-insensitive; rcms_hash is an alias', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hash("data='abc'")).toBe(abc);
    expect(hash("data='abc' algo=SHA256")).toBe(abc);
    expect(out("{rcms_hash var=h data='abc'}{$h}")).toBe(abc);
  });

  test('HMAC with key (RFC 2104 examples)', () => {
    const d = "data='The quick brown fox jumps over the lazy dog' key='key'";
    expect(hash(`${d} algo=md5`)).toBe('80070713463e7749b90c2dc24911e275');
    expect(hash(`${d} algo=sha1`)).toBe('de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9');
    expect(hash(d)).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    // the CMS takes an empty key (or false) as no key: a plain MD5(""), not HMAC-MD5("", "")
    expect(hash("data='' key='' algo=md5")).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hash("data='' key=false algo=md5")).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hash("data='' key=$none algo=md5")).toBe('d41d8cd98f00b204e9800998ecf8427e');
    // and an empty algo as the default, sha256
    expect(hash("data='abc' algo=''")).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('the data are hashed as UTF-8 bytes', async () => {
    const text = '日本語テキスト😀';
    const expected = Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
      (b) => b.toString(16).padStart(2, '0'),
    ).join('');
    expect(hash(`data='${text}'`)).toBe(expected);
  });

  test('binary gives the raw digest as a binary string', () => {
    expect(out("{cms_hash var=h data='abc' algo=md5 binary=true}{$h|bin2hex} {$h|strlen}")).toBe(
      '900150983cd24fb0d6963f7d28e17f72 16',
    );
    expect(out("{cms_hash var=h data='abc' algo=crc32b binary=1}{$h|bin2hex}")).toBe('352441c2');
    // a digest can be hashed again byte for byte: md5(md5('abc', true)), checked with OpenSSL
    expect(out("{cms_hash var=h data='abc' algo=md5 binary=1}{cms_hash var=h2 data=$h algo=md5}{$h2}")).toBe(
      'af5da9f45af7a300e3aded972f8ff687',
    );
  });

  test('an unknown algorithm and an HMAC of a checksum are errors', () => {
    const e = err("{cms_hash var=h data='x' algo=whirlpool}");
    expect(e.code).toBe('INVALID_ATTRIBUTE');
    expect(e.message).toBe("cms_hash: 'algo' is not a supported hash algorithm");
    expect(e.hint).toBe(`use one of ${HASH_ALGORITHMS.join(', ')}`);
    const h = err("{cms_hash var=h data='x' algo=crc32b key=k}");
    expect(h.code).toBe('PHP_ERROR');
    expect(h.message).toBe(
      'ValueError: hash_hmac(): Argument #1 ($algo) must be a valid cryptographic hashing algorithm',
    );
  });

  test('data is required (empty is fine)', () => {
    expect(err('{cms_hash var=h}').code).toBe('MISSING_ATTRIBUTE');
    expect(out("{cms_hash var=h data=''}{$h|strlen}")).toBe('64');
  });
});
