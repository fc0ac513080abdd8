/**
 * {cms_match} / {cms_match_all}: preg_match and preg_match_all through the
 * shared PCRE layer. A pattern PHP rejects (or a missing one) is a warning and
 * `var` gets an empty array, as the CMS's plugin stores its `$matches` (preg_*
 * returns false and leaves them empty); a pattern PHP accepts but Sumi cannot
 * run exactly stops the render: never a silent mismatch.
 */

import type { Value } from '@sumi/php';
import {
  int32Bits,
  PhpArray,
  type PregMatchResult,
  pregMatch,
  pregMatchAll,
  toInt,
  toStr,
  withPcre,
} from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import type { RenderContext } from '../render/context';

type Preg = (pattern: string, subject: string, flags: number, offset: number) => PregMatchResult;

/** the attributes both tags take */
interface MatchAttrs {
  var: string | undefined;
  pattern: Value | undefined;
  subject: Value | undefined;
  flags: Value;
  offset: Value;
}

function run(ctx: RenderContext, fn: string, a: MatchAttrs, match: Preg): void {
  const matches = withPcre(
    ctx,
    fn,
    // the flags as PHP tests them (their low bits: PHP_INT_MAX has every flag set)
    () =>
      match(toStr(a.pattern), toStr(a.subject), int32Bits(toInt(a.flags)), Number(toInt(a.offset))).matches,
  );
  ctx.assign(a.var as string, matches ?? new PhpArray());
}

const common = {
  var: { type: 'varname', required: true, description: 'receives the matches' },
  pattern: {
    type: 'string',
    description:
      'PCRE pattern with delimiters and flags, e.g. "/(\\d+)/u"; without it nothing matches (a warning)',
  },
  subject: { type: 'string', default: '', description: 'the text to search' },
  offset: {
    type: 'integer',
    default: 0,
    description: 'byte offset to start from (negative: from the end)',
  },
} as const;

export const cmsMatch: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_match',
  aliases: ['rcms_match'],
  group: 'Variables and arrays',
  description:
    'preg_match: matches a PCRE pattern (`/…/flags`) against `subject` and stores the first match: the whole match, then the groups (named groups by name and number). No match gives an empty array.',
  attributes: {
    ...common,
    var: {
      type: 'varname',
      required: true,
      description: 'receives the matches (an empty array when nothing matches)',
    },
    flags: {
      type: 'integer',
      default: 0,
      description:
        '256 offset capture (PREG_OFFSET_CAPTURE: [text, byte offset] pairs), 512 unmatched groups as null (PREG_UNMATCHED_AS_NULL), or both (768)',
    },
  },
  errors: [
    'a pattern PHP rejects (or none): a warning, `var` gets an empty array',
    'a pattern feature Sumi cannot reproduce exactly (recursion, conditionals, …): the render fails',
    'flags other than 0, 256, 512, 768: PHP ValueError',
  ],
  examples: [
    {
      template: "{cms_match var=m pattern='/(\\d+)-(\\d+)/' subject='tel 03-1234'}{$m.0} {$m.2}",
      output: '03-1234 1234',
    },
    {
      template:
        "{cms_match var=m pattern='/(?<year>\\d+)-(?<month>\\d+)/' subject='2024-05'}{$m.year}/{$m.month}",
      output: '2024/05',
    },
  ],
  run(ctx, a) {
    run(ctx, 'preg_match', a, pregMatch);
  },
});

export const cmsMatchAll: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_match_all',
  aliases: ['rcms_match_all'],
  group: 'Variables and arrays',
  description:
    'preg_match_all: every match of a PCRE pattern, in pattern order (flags 1: one list per group) or set order (flags 2: one array per match), optionally with offsets (+256) and nulls for unmatched groups (+512).',
  attributes: {
    ...common,
    flags: {
      type: 'integer',
      default: 1,
      description: '1 PREG_PATTERN_ORDER, 2 PREG_SET_ORDER, + 256 offset capture, + 512 unmatched as null',
    },
  },
  errors: [
    'a pattern PHP rejects (or none): a warning, `var` gets an empty array',
    'a pattern feature Sumi cannot reproduce exactly: the render fails',
  ],
  examples: [
    { template: "{cms_match_all var=m pattern='/\\d/' subject='a1b2'}{','|implode:$m.0}", output: '1,2' },
    {
      template:
        "{cms_match_all var=m pattern='/(\\w)=(\\d)/' subject='a=1 b=2' flags=2}{foreach from=$m item=p}{$p.1}{$p.2}{/foreach}",
      output: 'a1b2',
    },
  ],
  run(ctx, a) {
    run(ctx, 'preg_match_all', a, pregMatchAll);
  },
});
