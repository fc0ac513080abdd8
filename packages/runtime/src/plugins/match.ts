/** {cms_match} / {cms_match_all}: preg_match and preg_match_all, through the shared PCRE translator. */
import { pregMatch, pregMatchAll } from '../php/pcre/index';
import { toInt, toStr } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const cmsMatch: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_match',
  aliases: ['rcms_match'],
  group: 'Variables and arrays',
  description:
    'preg_match: matches a PCRE pattern (`/…/flags`) against `subject` and stores the match array (whole match, then groups; named groups by name and number). Unsupported PCRE features are errors, never silent mismatches.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the matches (an empty array when nothing matches)' },
    pattern: { type: 'string', required: true, description: 'PCRE pattern with delimiters and flags' },
    subject: { type: 'string', default: '', description: 'the text to search' },
    flags: { type: 'integer', default: 0, description: '256 offset capture (PREG_OFFSET_CAPTURE), 512 unmatched as null (PREG_UNMATCHED_AS_NULL)' },
    offset: { type: 'integer', default: 0, description: 'byte offset to start from' },
  },
  examples: [{ template: "{cms_match var=m pattern='/(\\d+)-(\\d+)/' subject='tel 03-1234'}{$m.2}", output: '1234' }],
  run(ctx, a) {
    const r = pregMatch(toStr(a.pattern as Value), toStr(a.subject as Value), Number(toInt(a.flags as Value)), Number(toInt(a.offset as Value)));
    ctx.assign(a.var as string, r.matches);
  },
});

export const cmsMatchAll: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_match_all',
  aliases: ['rcms_match_all'],
  group: 'Variables and arrays',
  description: 'preg_match_all: every match of a PCRE pattern, in pattern order (flags 1) or set order (flags 2), optionally with offsets (256) and nulls for unmatched groups (512).',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the matches' },
    pattern: { type: 'string', required: true, description: 'PCRE pattern with delimiters and flags' },
    subject: { type: 'string', default: '', description: 'the text to search' },
    flags: { type: 'integer', default: 1, description: '1 PREG_PATTERN_ORDER, 2 PREG_SET_ORDER, + 256 offset capture, + 512 unmatched as null' },
    offset: { type: 'integer', default: 0, description: 'byte offset to start from' },
  },
  examples: [{ template: "{cms_match_all var=m pattern='/\\d/' subject='a1b2'}{$m.0|@implode:','}", output: '1,2' }],
  run(ctx, a) {
    const r = pregMatchAll(toStr(a.pattern as Value), toStr(a.subject as Value), Number(toInt(a.flags as Value)) || 1, Number(toInt(a.offset as Value)));
    ctx.assign(a.var as string, r.matches);
  },
});
