/** The default content store: the site's JSON fixtures under `content/`. */
import type { SiteFs } from '../fs/types';
import type { ContentStore } from './types';

export function fixtureContentStore(_fs: SiteFs): ContentStore {
  return {};
}
