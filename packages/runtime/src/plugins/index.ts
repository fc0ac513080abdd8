/** The catalog's pure "Variables and arrays" plugins, registered by default. */
import type { PluginDef } from '../plugin/types';
import { add, subtract } from './arithmetic';
import { append, assignArray, assignArrayDiff, assignArrayIntersect, assignArraySet } from './arrays';
import { cookie } from './cookie';
import { date, strtodate } from './dates';
import { assignGlobals } from './globals';
import { cmsHash } from './hash';
import { lottery, uuid } from './ids';
import { logger } from './logger';
import { cmsMatch, cmsMatchAll } from './match';
import { login, logout, refreshCs } from './session';
import { setMemory, sleep } from './system';
import { xmltojson } from './xml';

export const variablePlugins: readonly PluginDef[] = [
  add,
  subtract,
  append,
  assignArray,
  assignArrayDiff,
  assignArrayIntersect,
  assignArraySet,
  assignGlobals,
  date,
  strtodate,
  uuid,
  lottery,
  cookie,
  logger,
  setMemory,
  sleep,
  cmsMatch,
  cmsMatchAll,
  cmsHash,
  xmltojson,
  login,
  logout,
  refreshCs,
];

export { limitMessage } from './logger';
export { xmlToValue } from './xml';
