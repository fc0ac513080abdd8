/** Smarty 2.6's template functions that the CMS keeps. */
import type { PluginDef } from '../plugin/types';
import { counter } from './counter';
import { cycle } from './cycle';
import { htmlOptions } from './html-options';
import { math } from './math';
import { textformat } from './textformat';

export { MATH_FUNCTIONS } from './math-expression';
export { wordwrap } from './wordwrap';

export const smartyFunctions: readonly PluginDef[] = [counter, cycle, math, htmlOptions, textformat];
