import type { BlockPluginDef, FunctionPluginDef } from '@sumi/runtime';

/** filled in one file per plugin */
export const archivePlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [];
