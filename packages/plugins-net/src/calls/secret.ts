/**
 * {secret}: a value of the secret store (ctx.services.secrets: environment, a file or memory, as
 * the host configures). The value is never logged, nor put in an error.
 */
import { toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';

const NAME = 'secret';

export const secret: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Reads a value of the site's secret store into `var` (an API key, a service account). The value never appears in the log, in errors or in the API log; a template that prints it prints it, so pass it on to `headers` and the like instead.",
  attributes: {
    var: {
      type: 'varname',
      required: true,
      description: 'receives the secret as a string; false when there is no such key',
    },
    key: { type: 'string', required: true, description: 'the name of the secret' },
  },
  writes: 'var',
  result: '`var` gets the value (a string), or false when the store has no such key. Nothing is printed.',
  errors: [
    'no such key (or an empty one): `var` false and an error log entry NET_NO_SECRET naming the key (never a value)',
    'an empty `key`: NET_MISSING_ATTRIBUTE, `var` false',
  ],
  examples: [
    {
      description: 'a key read into a header (the example runs with the secret store {"api_token": "t0k3n"})',
      template: '{secret var=tok key="api_token"}{if $tok !== false}found, {$tok|strlen} characters{/if}',
      output: 'found, 5 characters',
    },
    {
      description: 'a missing key gives false',
      template: '{secret var=tok key="nope"}{if $tok === false}no secret{/if}',
      output: 'no secret',
    },
  ],
  async run(ctx, a) {
    let value: string | false = false;
    await attempt(ctx, NAME, async () => {
      const key = a.key === undefined || a.key === null ? '' : toStr(a.key);
      if (key === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: key is empty`);
      const v = await ctx.services.secrets.get(key);
      if (v === undefined || v === '') {
        throw failure(
          'NET_NO_SECRET',
          `${NAME}: the secret store has no key ${JSON.stringify(key.slice(0, 100))}`,
        );
      }
      value = v;
    });
    if (a.var) ctx.assign(a.var, value);
  },
});
