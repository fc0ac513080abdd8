/** `{continue}`: skips to the next iteration of the innermost foreach/section (a CMS extension). */
import type { CoreTag } from '../state';
import { compileLoopJump } from './break';
import { coreTagDef } from './define';

export const continueTag: CoreTag = {
  def: coreTagDef('continue', {
    description: 'Skips to the next iteration of the innermost {foreach} or {section} (CMS extension).',
    attributes: {},
  }),
  writes: [],
  compileTag: compileLoopJump,
};
