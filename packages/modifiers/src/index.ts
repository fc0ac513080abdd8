/**
 * All modifiers of the dialect, as plugin definitions for @sumi/runtime.
 * Groups can be imported one at a time: `@sumi/modifiers/smarty`, `/php`, `/cms`.
 */
import type { ModifierDef } from '@sumi/runtime';
import { cmsModifiers } from './cms/index';
import { phpModifiers } from './php/index';
import { smartyModifiers } from './smarty/index';

export * from './cms/index';
export * from './php/index';
export * from './smarty/index';

/** Every modifier: Smarty built-ins, allowlisted PHP functions and CMS modifiers. */
export const modifiers: readonly ModifierDef[] = [...smartyModifiers, ...phpModifiers, ...cmsModifiers];
