import type { FunctionPluginDef } from '@sumi/runtime';
import { cloudFunctionsToken } from './functions-token';

/** one file per plugin */
export const cloudPlugins: readonly FunctionPluginDef[] = [cloudFunctionsToken];
