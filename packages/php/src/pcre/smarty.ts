/**
 * Smarty 2.6.28's `_smarty_regex_replace_check` (modifier.regex_replace.php):
 * cuts the pattern at the first NUL byte and removes the `e` (eval) modifier
 * (and the white space around the trailing modifiers) before preg_replace.
 */
export function smartyRegexCheck(search: string): string {
  let s = search;
  const nul = s.indexOf('\0');
  if (nul >= 0) s = s.slice(0, nul);
  // '!([a-zA-Z\s]+)$!s' (PCRE \s without u: space, \t \n \v \f \r)
  const m = /[a-zA-Z\t\n\v\f\r ]+$/.exec(s);
  if (m?.[0].includes('e')) {
    s = s.slice(0, s.length - m[0].length) + m[0].replace(/[e\t\n\v\f\r ]+/g, '');
  }
  return s;
}
