/**
 * Configuration of the services the messaging plugins call over HTTP. The token is given directly
 * (`token`, from the host's config) or by the name of a secret in the render's secret store
 * (`tokenSecret`); `token` wins when both are set. Neither ever appears in a log, an error or the
 * API log. `http` replaces the Net's client for this service (the fakes bring their own).
 */
import type { HttpClient } from '../http/types';

interface ServiceConfig {
  /** the token sent as `Authorization: Bearer …` */
  token?: string;
  /** the name of the secret holding the token */
  tokenSecret?: string;
  /** give up after this many ms (default 30000) */
  timeoutMs?: number;
  /** the most answer bytes accepted (default 5 MiB) */
  maxBytes?: number;
  /** the HTTP client for this service; default the Net's */
  http?: HttpClient;
}

/** chat_*: the Slack Web API (`https://slack.com/api`, or a compatible server) */
export interface ChatConfig extends ServiceConfig {
  /** the Web API's base URL, without a trailing method: `https://slack.com/api` */
  baseUrl: string;
}

/** social_post_message: the X API v2 (`https://api.x.com`, or a compatible server) */
export interface SocialConfig extends ServiceConfig {
  /** the API's origin: `https://api.x.com`; posts go to `${baseUrl}/2/tweets` */
  baseUrl: string;
}
