/** {child_site}: the data of a child site of this site, by its site_key. */
import { fromJS } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { failure } from '../failure';
import { siteOp, text } from './common';

const NAME = 'child_site';

export const childSite: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Reads the data of a child site of this site (`site_key`, `site_nm`, `url`, `parent_site_key`) into `var`, through the site-operations adapter.',
  attributes: {
    site_key: { type: 'string', required: true, description: 'the key of the child site' },
    var: {
      type: 'varname',
      required: true,
      description: 'receives the site as an array, false when there is no such child site',
    },
  },
  writes: 'var',
  result:
    '`var` gets the child site as an associative array (`site_key`, `site_nm`, `url`, `parent_site_key`), or false. Nothing is printed.',
  errors: [
    'an empty `site_key`: NET_MISSING_ATTRIBUTE, `var` false',
    'a key naming no child site: NET_NOT_FOUND, `var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['one call to the site-operations adapter, recorded in the API log'],
  examples: [
    {
      description: 'a child site of the in-memory adapter',
      template: '{child_site site_key="en" var=site}{$site.site_nm}: {$site.url}',
      output: 'English site: https://en.example.com',
    },
    {
      description: 'an unknown site key fails',
      template: '{child_site site_key="nowhere" var=site}{if $site === false}no such site{/if}',
      output: 'no such site',
    },
  ],
  async run(ctx, a) {
    const key = text(a.site_key);
    const r = await siteOp(ctx, NAME, async (ops, at) => {
      if (key === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'site_key' is required`);
      const site = await ops.childSite(key, at);
      if (!site) throw failure('NET_NOT_FOUND', `${NAME}: no child site '${key}'`);
      return site;
    });
    if (a.var) ctx.assign(a.var, r.ok ? fromJS(r.value) : false);
  },
});
