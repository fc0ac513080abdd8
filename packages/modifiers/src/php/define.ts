/**
 * One definition per allowlisted PHP function: its PHP signature is written once, and both the
 * metadata `args` (the reference, `sumi plugins`, completion) and the coercion of `run`'s arguments
 * (zend_parse_parameters, see @sumi/php params.ts) derive from it. The definition keeps the signature,
 * so the compiler knows the function's arity and warns where PHP raises ArgumentCountError.
 *
 *   export const substr = phpModifier({
 *     name: 'substr',
 *     description: 'PHP `substr($string, $offset, $length)` ...',
 *     params: [
 *       { name: 'string', type: 'string' },
 *       { name: 'offset', type: 'int', description: 'first byte (negative: from the end)' },
 *       { name: 'length', type: '?int', optional: true, description: 'number of bytes' },
 *     ],
 *     run: (_ctx, s, offset, length) => ...,
 *   });
 */
import { type ArgsOf, phpFunction, phpTypeName, type Value } from '@sumi/php';
import type { ArgSpec, ModifierDef, ModifierParam, RenderContext } from '@sumi/runtime';

const GROUP = 'PHP function';

/** A PHP function's modifier definition: the metadata of `ModifierDef` with `params` in place of `args`. */
export type PhpModifierInit<P extends readonly ModifierParam[]> = Omit<
  ModifierDef,
  'kind' | 'group' | 'php' | 'args' | 'signature' | 'run'
> & {
  /** PHP's parameters, the piped value first; every later one (and a variadic first one) has a description */
  params: P;
  /** receives the arguments coerced to the parameters' types (undefined for an optional one left out) */
  run: (ctx: RenderContext, ...args: ArgsOf<P>) => Value;
};

export function phpModifier<const P extends readonly ModifierParam[]>(init: PhpModifierInit<P>): ModifierDef {
  const { name, params, run, ...meta } = init;
  return {
    kind: 'modifier',
    name,
    group: GROUP,
    php: true,
    ...meta,
    // a variadic first parameter goes on past the piped value (array_merge(...$arrays))
    args: (params[0]?.variadic ? params : params.slice(1)).map(argOf),
    signature: params,
    body: run as ModifierDef['body'],
    run: phpFunction(name, params, run),
  };
}

/** The `args` entry of a parameter after the piped value. */
function argOf(p: ModifierParam): ArgSpec {
  if (p.description === undefined) throw new Error(`parameter $${p.name} has no description`);
  const arg: ArgSpec = { name: p.name, type: phpTypeName(p.type), description: p.description };
  if (p.optional || p.variadic) arg.optional = true;
  if (p.variadic) arg.variadic = true;
  if (p.default !== undefined) arg.default = p.default;
  return arg;
}

/** an int written as a literal: what an `int` parameter takes as it is */
export const isIntArg = (v: Value | undefined): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v);

/** an int or null written as a literal, or nothing: what a `?int` parameter takes as it is */
export const isOptionalIntArg = (v: Value | undefined): v is number | null | undefined =>
  v === undefined || v === null || isIntArg(v);
