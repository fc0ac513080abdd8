import type { FunctionPluginDef } from '@sumi/runtime';
import { api } from './api';
import { apiInternal } from './api-internal';
import { apiMethod } from './api-method';
import { apiMng } from './api-mng';
import { assignApiCredential } from './assign-api-credential';
import { secret } from './secret';

/** one file per plugin */
export const callPlugins: readonly FunctionPluginDef[] = [
  api,
  apiInternal,
  apiMng,
  apiMethod,
  assignApiCredential,
  secret,
];
