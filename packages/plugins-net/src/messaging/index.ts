import type { FunctionPluginDef } from '@sumi/runtime';
import { sendmail } from './sendmail';

/** one file per plugin */
export const messagingPlugins: readonly FunctionPluginDef[] = [sendmail];
