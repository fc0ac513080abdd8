/**
 * The core tags, one module each in this folder, by name and in the order of
 * the reference. Adding a core tag: its module, its line here, and its line in
 * the parser's CORE_TAGS (which tells the parser how to read it; TypeScript
 * holds the two lists to the same names).
 */
import type { CoreTagName } from '@sumi/parser';
import type { CompilerTagDef } from '../../plugin/types';
import type { CoreTag } from '../state';
import { assignTag } from './assign';
import { breakTag } from './break';
import { captureTag } from './capture';
import { continueTag } from './continue';
import { foreachTag } from './foreach';
import { functionTag } from './function';
import { ifTag } from './if';
import { ldelimTag } from './ldelim';
import { literalTag } from './literal';
import { rdelimTag } from './rdelim';
import { returnTag } from './return';
import { sectionTag } from './section';
import { stripTag } from './strip';

const byName: Record<CoreTagName, CoreTag> = {
  foreach: foreachTag,
  section: sectionTag,
  if: ifTag,
  assign: assignTag,
  capture: captureTag,
  strip: stripTag,
  literal: literalTag,
  ldelim: ldelimTag,
  rdelim: rdelimTag,
  break: breakTag,
  continue: continueTag,
  function: functionTag,
  return: returnTag,
};

export const coreTags: ReadonlyMap<string, CoreTag> = new Map(Object.entries(byName));

/** the core tags' metadata, registered beside the plugins */
export const coreTagDefs: readonly CompilerTagDef[] = Object.values(byName).map((t) => t.def);
