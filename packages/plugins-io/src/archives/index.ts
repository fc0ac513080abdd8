import type { BlockPluginDef, FunctionPluginDef } from '@sumi/runtime';
import { unzip } from './unzip';
import { zip } from './zip';

/** zip and unzip */
export const archivePlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [zip, unzip];
