// CMS modifiers. Owned by the Smarty/CMS modifiers engineer: this file is only the frame's empty
// group so that the package builds; replace it freely.
import type { ModifierDef } from '@sumi/runtime';

export const cmsModifiers: readonly ModifierDef[] = [];
