import type { FunctionPluginDef } from '@sumi/runtime';
import { api } from './api';
import { secret } from './secret';

/** one file per plugin */
export const callPlugins: readonly FunctionPluginDef[] = [api, secret];
