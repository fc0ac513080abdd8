import type { FunctionPluginDef } from '@sumi/runtime';
import { analytics } from './analytics';
import { cloudFunctionsToken } from './functions-token';
import { cloudPubsubPublish } from './pubsub-publish';

/** one file per plugin */
export const cloudPlugins: readonly FunctionPluginDef[] = [
  cloudFunctionsToken,
  cloudPubsubPublish,
  analytics,
];
