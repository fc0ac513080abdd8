// Smarty 2.6 built-in modifiers. Owned by the Smarty/CMS modifiers engineer: this file is only the
// frame's empty group so that the package builds; replace it freely.
import type { ModifierDef } from '@sumi/runtime';

export const smartyModifiers: readonly ModifierDef[] = [];
