import type { FunctionPluginDef } from '@sumi/runtime';

/** one file per plugin */
export const jobPlugins: readonly FunctionPluginDef[] = [];
