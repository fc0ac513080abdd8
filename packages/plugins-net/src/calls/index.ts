import type { FunctionPluginDef } from '@sumi/runtime';
import { apiInternal } from './api-internal';
import { apiMethod } from './api-method';
import { apiMng } from './api-mng';
import { assignApiCredential } from './assign-api-credential';

/** one file per plugin */
export const callPlugins: readonly FunctionPluginDef[] = [
  apiInternal,
  apiMng,
  apiMethod,
  assignApiCredential,
];
