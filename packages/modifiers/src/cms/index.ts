/**
 * The CMS's modifiers (catalog "Modifiers", DIALECT.md "CMS helpers") and the
 * plugin modifiers outside the PHP allowlist (count, empty, in_array, split).
 * Importable alone: `import { cmsModifiers } from '@sumi/modifiers/cms'`.
 */
import type { ModifierDef } from '@sumi/runtime';
import {
  arrayModifiers,
  cmsInArray,
  count,
  empty,
  inArrayDef,
  split,
  toFormOptions,
  toObject,
} from './arrays';
import { dateModifiers, pgDateformat, pgDateformat2 } from './dates';
import { checkInnerUri, getCountryFromIp, netModifiers } from './net';
import {
  cmsArsort,
  cmsAsort,
  cmsKrsort,
  cmsKsort,
  cmsRsort,
  cmsSort,
  cmsSortByKey,
  sortingModifiers,
} from './sorting';
import { cmsFileSize, cmsStripTags, escapeCsv, rcmsJsonEncode, sortName, textModifiers } from './text';

export type { GeoIpService, SiteService } from './net';
export {
  checkInnerUri,
  cmsArsort,
  cmsAsort,
  cmsFileSize,
  cmsInArray,
  cmsKrsort,
  cmsKsort,
  cmsRsort,
  cmsSort,
  cmsSortByKey,
  cmsStripTags,
  count,
  empty,
  escapeCsv,
  getCountryFromIp,
  inArrayDef as inArray,
  pgDateformat,
  pgDateformat2,
  rcmsJsonEncode,
  sortName,
  split,
  toFormOptions,
  toObject,
};

/** Every CMS modifier and plugin modifier (rcms_* spellings are aliases of the same definitions). */
export const cmsModifiers: readonly ModifierDef[] = [
  ...sortingModifiers,
  ...textModifiers,
  ...arrayModifiers,
  ...dateModifiers,
  ...netModifiers,
];
