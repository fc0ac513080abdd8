import type { FunctionPluginDef } from '@sumi/runtime';
import { chatGetMessage } from './chat-get-message';
import { chatPostMessage } from './chat-post-message';
import { chatTeamInfo } from './chat-team-info';
import { sendmail } from './sendmail';
import { socialPostMessage } from './social-post-message';

/** one file per plugin */
export const messagingPlugins: readonly FunctionPluginDef[] = [
  sendmail,
  chatPostMessage,
  chatGetMessage,
  chatTeamInfo,
  socialPostMessage,
];
