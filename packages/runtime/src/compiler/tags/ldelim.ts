/** `{ldelim}`: the parser turns it into the engine's left delimiter, as text. */
import type { CoreTag } from '../state';
import { coreTagDef } from './define';

export const ldelimTag: CoreTag = {
  def: coreTagDef('ldelim', { description: 'Prints the left delimiter `{`.', attributes: {} }),
};
