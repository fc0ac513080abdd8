/**
 * Smarty 2.6.28's `_smarty_regex_replace_check` (modifier.regex_replace.php):
 * cuts the pattern at the first NUL byte and removes the `e` (eval) modifier
 * (and the white space around the trailing modifiers) before preg_replace.
 */
export function smartyRegexCheck(search: string): string {
  let s = search;
  const nul = s.indexOf('\0');
  if (nul >= 0) s = s.slice(0, nul);
  // '!([a-zA-Z\s]+)$!s' (PCRE \s without u: space, \t \n \v \f \r), found by a scan back from the
  // end: the regex /[...]+$/ tries every start position, quadratic on a long run of letters
  let start = s.length;
  while (start > 0 && isLetterOrSpace(s.charCodeAt(start - 1))) start--;
  const tail = s.slice(start);
  if (tail.includes('e')) s = s.slice(0, start) + tail.replace(/[e\t\n\v\f\r ]+/g, '');
  return s;
}

function isLetterOrSpace(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 9 && c <= 13) || c === 32;
}
