/**
 * Where the cloud plugins call. Every field is optional: without one the plugins call the
 * services' public endpoints with the service-account key named by `sa_secret_name`.
 */
import type { HttpClient } from '../http/types';
export interface CloudConfig {
  /** the HTTP client for the cloud calls, when not the Net's own (the fake answers Google's endpoints) */
  http?: HttpClient;
  /** the OAuth token endpoint of the service-account exchange; default: the key's `token_uri` */
  tokenEndpoint?: string;
  /**
   * Pub/Sub's base URL, default `https://pubsub.googleapis.com`. Another base (the emulator,
   * `http://127.0.0.1:8085`) is called without a token unless the tag names a service account.
   */
  pubsubBaseUrl?: string;
  /** the project of cloud_pubsub_publish when the tag names none; default: the key's project_id */
  project?: string;
  /** the Analytics Data API's base URL, default `https://analyticsdata.googleapis.com` */
  analyticsBaseUrl?: string;
  /** the GA4 property (digits) analytics reports on */
  analyticsPropertyId?: string;
  /** the secret holding the service-account key when the tag names none */
  saSecretName?: string;
}

export const PUBSUB_BASE_URL = 'https://pubsub.googleapis.com';
export const ANALYTICS_BASE_URL = 'https://analyticsdata.googleapis.com';
export const TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';
