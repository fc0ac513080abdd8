/** {logger}: writes msg1..msg4 to the info log (the CMS's custom log). */
import { byteLength, jsonEncode, PhpArray, PhpObject } from '@sumi/php';

const JSON_UNESCAPED_UNICODE_FLAG = 256;

import type { Value } from '@sumi/php';
import { toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

const LIMIT = 1024;
const OVER = '...Over 1kb data.';

/** cut to 1 KB of UTF-8 without splitting a character, then mark it */
export function limitMessage(s: string): string {
  if (byteLength(s) <= LIMIT) return s;
  let bytes = 0;
  let i = 0;
  for (const ch of s) {
    const b = byteLength(ch);
    if (bytes + b > LIMIT) break;
    bytes += b;
    i += ch.length;
  }
  return s.slice(0, i) + OVER;
}

export const logger: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'logger',
  group: 'Variables and arrays',
  description: 'Writes up to four messages to the info log. Arrays are written as JSON.',
  attributes: {
    msg1: { type: 'mixed', description: 'message (at most 1 KB)' },
    msg2: { type: 'mixed', description: 'message (at most 1 KB)' },
    msg3: { type: 'mixed', description: 'message (at most 1 KB)' },
    msg4: { type: 'mixed', description: 'message (at most 1 KB)' },
  },
  limits: ['each message is cut at 1 KB and ends with "...Over 1kb data."'],
  examples: [{ template: '{logger msg1="start"}done', output: 'done' }],
  run(ctx, a) {
    for (const k of ['msg1', 'msg2', 'msg3', 'msg4'] as const) {
      const v = a[k];
      if (v === undefined) continue;
      const text = v instanceof PhpArray || v instanceof PhpObject ? safeJson(v) : toStr(v);
      ctx.log('info', limitMessage(text), 'logger');
    }
  },
});

function safeJson(v: Value): string {
  const json = jsonEncode(v, JSON_UNESCAPED_UNICODE_FLAG);
  return json === false ? toStr(v) : json;
}
