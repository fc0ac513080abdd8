/** `{rdelim}`: the parser turns it into the engine's right delimiter, as text. */
import type { CoreTag } from '../state';
import { coreTagDef } from './define';

export const rdelimTag: CoreTag = {
  def: coreTagDef('rdelim', { description: 'Prints the right delimiter `}`.', attributes: {} }),
};
