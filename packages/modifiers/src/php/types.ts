/**
 * Allowlisted PHP type and constant functions: is_array, is_numeric, defined, filter_var,
 * property_exists, unset.
 */

import { findConstant, isNumeric, PcreError, PhpArray, PhpObject, typeError } from '@sumi/php';
import { definePlugin, type ModifierDef } from '@sumi/runtime';
import { phpModifier } from './define';
import { filterVar } from './filter';

const GROUP = 'PHP function';

export const isArray: ModifierDef = phpModifier({
  name: 'is_array',
  wholeArray: true,
  description: 'PHP `is_array()`. Write `{$a|@is_array}`: without `@` the test is applied to each element.',
  params: [{ name: 'value', type: 'mixed' }],
  result: 'true or false',
  examples: [{ template: '[{$a|@is_array}] [{$s|is_array}]', data: { a: [], s: 'x' }, output: '[1] []' }],
  run: (_ctx, v) => v instanceof PhpArray,
});

export const isNumericDef: ModifierDef = phpModifier({
  name: 'is_numeric',
  description:
    'PHP 8 `is_numeric()`: ints, floats and numeric strings ("1e3", " 7", "7 "; not "12a", "0x1A" or "").',
  params: [{ name: 'value', type: 'mixed' }],
  result: 'true or false',
  examples: [
    { template: '[{$n|is_numeric}] [{$x|is_numeric}]', data: { n: '1e3', x: '12a' }, output: '[1] []' },
  ],
  run: (_ctx, v) => isNumeric(v ?? null),
});

export const defined: ModifierDef = phpModifier({
  name: 'defined',
  description:
    'PHP `defined($constant_name)`: true for the constants templates can read as `$smarty.const.NAME`: ' +
    "PHP's (ENT_QUOTES, JSON_*, FILTER_*, ...), `true`/`false`/`null` in any case, and the site's " +
    '(engine option `constants`). A leading `\\` is ignored, as in PHP.',
  params: [{ name: 'constant_name', type: 'string' }],
  result: 'true or false',
  examples: [{ template: "[{'ENT_QUOTES'|defined}] [{'NOPE_X'|defined}]", output: '[1] []' }],
  run: (ctx, name) => findConstant(ctx.constants, name) !== undefined,
});

export const filterVarDef: ModifierDef = phpModifier({
  name: 'filter_var',
  description:
    'PHP `filter_var($value, $filter, $options)`: validates and returns the value (ints and floats ' +
    'converted), or false. Filters: FILTER_VALIDATE_INT (257; options min_range/max_range, flags ' +
    'ALLOW_HEX/ALLOW_OCTAL), _BOOLEAN (258: "yes"/"on"/"1"/"true" and their opposites), _FLOAT (259), ' +
    '_REGEXP (272, option regexp), _URL (273), _EMAIL (274), _IP (275, flags IPV4/IPV6/NO_PRIV_RANGE/' +
    'NO_RES_RANGE), _MAC (276), _DOMAIN (277), FILTER_DEFAULT (516). `$options` is flags or ' +
    '`{flags: ..., options: {default: ...}}`; FILTER_NULL_ON_FAILURE gives null instead of false. Sanitize ' +
    'filters are not implemented in Sumi.',
  params: [
    { name: 'value', type: 'mixed' },
    { name: 'filter', type: 'int', optional: true, default: 516, description: 'the FILTER_* id' },
    {
      name: 'options',
      type: 'array|int',
      optional: true,
      description: 'flags, or an array with flags/options',
    },
  ],
  result: 'the filtered value, false (or null) when invalid',
  examples: [
    {
      template: '[{$mail|filter_var:274}] [{$bad|filter_var:274}] [{"42"|filter_var:257}]',
      data: { mail: 'a@example.com', bad: 'x' },
      output: '[a@example.com] [] [42]',
    },
  ],
  run: (ctx, value, filter = 516, options) => {
    try {
      return filterVar(value ?? null, filter, options, (m) => ctx.warn(m));
    } catch (e) {
      // a regexp that fails slowly at every start of a long subject: Sumi's own budget (see @sumi/php)
      if (e instanceof PcreError && e.kind === 'budget') {
        ctx.fail('LIMIT_COST', {
          what: 'filter_var(): backtracking over all start positions',
          limit: e.limit ?? 0,
        });
      }
      throw e;
    }
  },
});

export const propertyExists: ModifierDef = phpModifier({
  name: 'property_exists',
  description:
    'PHP `property_exists($object_or_class, $property)`: true when an object (from `to_object` or ' +
    '`json_decode:false`) has the property. An array is not an object: TypeError, logged, null.',
  params: [
    { name: 'object_or_class', type: 'mixed' },
    { name: 'property', type: 'string', description: 'the property name' },
  ],
  result: 'true or false',
  examples: [{ template: "[{$m|@property_exists:'a'}]", data: { m: { a: 1 } }, output: '[]' }],
  run: (_ctx, subject, prop) => {
    if (subject instanceof PhpObject) return subject.props.has(prop);
    if (typeof subject === 'string') return false;
    return typeError('property_exists', 1, 'object_or_class', 'object|string', subject ?? null);
  },
});

export const unset: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'unset',
  group: GROUP,
  php: true,
  description:
    'On the CMS allowlist, but `unset` is a PHP language construct, not a function: as a modifier it ' +
    'changes nothing and its value is null (prints nothing). Use `{assign var=x value=null}` to clear a ' +
    'variable.',
  args: [],
  result: 'null',
  examples: [{ template: '[{$a|@unset}]{$a|@count}', data: { a: [1, 2] }, output: '[]2' }],
  run: () => null,
});

export const typeFunctions: readonly ModifierDef[] = [
  isArray,
  isNumericDef,
  defined,
  filterVarDef,
  propertyExists,
  unset,
];
