/** `{literal}...{/literal}`: the parser turns the body into text; nothing is left to compile. */
import type { CoreTag } from '../state';
import { coreTagDef } from './define';

export const literalTag: CoreTag = {
  def: coreTagDef('literal', {
    description: 'Outputs its body without reading tags: use it around inline CSS and JavaScript.',
    attributes: {},
  }),
};
