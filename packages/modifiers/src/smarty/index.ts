/**
 * Smarty 2.6.28's built-in modifiers, as the CMS runs them on PHP 8.2.
 * Importable alone: `import { smartyModifiers } from '@sumi/modifiers/smarty'`.
 */
import type { ModifierDef } from '@sumi/runtime';
import { dateFormat } from './date-format';
import { escapeDef } from './escape';
import { regexReplace, replace, stringFormat } from './replacing';
import {
  capitalize,
  cat,
  countCharactersDef,
  countParagraphsDef,
  countSentencesDef,
  countWordsDef,
  indent,
  lower,
  nl2br,
  spacify,
  strip,
  stripTags,
  truncate,
  upper,
  wordwrap,
} from './strings';
import { debugPrintVarDef, defaultDef, raw, smarty } from './values';

export { debugPrintVar as formatDebugPrintVar } from './values';
export {
  capitalize,
  cat,
  countCharactersDef as countCharacters,
  countParagraphsDef as countParagraphs,
  countSentencesDef as countSentences,
  countWordsDef as countWords,
  dateFormat,
  debugPrintVarDef as debugPrintVar,
  defaultDef as smartyDefault,
  escapeDef as escape,
  indent,
  lower,
  nl2br,
  raw,
  regexReplace,
  replace,
  smarty,
  spacify,
  stringFormat,
  strip,
  stripTags,
  truncate,
  upper,
  wordwrap,
};

/** Every Smarty built-in modifier. `nl2br` and `strip_tags` are Smarty's plugins (they win over PHP's functions). */
export const smartyModifiers: readonly ModifierDef[] = [
  capitalize,
  cat,
  countCharactersDef,
  countParagraphsDef,
  countSentencesDef,
  countWordsDef,
  dateFormat,
  debugPrintVarDef,
  defaultDef,
  escapeDef,
  indent,
  lower,
  nl2br,
  raw,
  regexReplace,
  replace,
  smarty,
  spacify,
  stringFormat,
  strip,
  stripTags,
  truncate,
  upper,
  wordwrap,
];
