/** {repo_deploy} (the CMS's `github_deploy`): builds and deploys the front end through the code-hosting integration. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { siteOp } from './common';

const NAME = 'repo_deploy';

export const repoDeploy: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['github_deploy'],
  group: 'Calls and API access',
  async: true,
  description:
    'Starts a build and deployment of the front end through the code-hosting integration. `result_var` (or `var`, as the CMS documents `github_deploy`) receives true or false.',
  attributes: {
    result_var: { type: 'varname', description: 'receives true on success, false on failure' },
    var: {
      type: 'varname',
      description: "the CMS's spelling for github_deploy: receives the same true/false",
    },
  },
  result: '`result_var` and `var` get true when the deployment started, false otherwise. Nothing is printed.',
  errors: [
    'no code-hosting integration (or the service refuses): its code (NET_NOT_CONFIGURED on the in-memory adapter), `result_var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['one call to the site-operations adapter, recorded in the API log'],
  examples: [
    {
      description: 'deploy after publishing',
      template: '{repo_deploy result_var=ok}{if $ok}deploying{/if}',
      output: 'deploying',
    },
  ],
  async run(ctx, a) {
    const r = await siteOp(ctx, NAME, (ops, at) => ops.repoDeploy(at));
    if (a.result_var) ctx.assign(a.result_var, r.ok);
    if (a.var) ctx.assign(a.var, r.ok);
  },
});
