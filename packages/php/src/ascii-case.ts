/** Case mapping of PHP 8.2's strtolower()/strtoupper() and zend_str_tolower: ASCII letters only, other bytes kept. */

export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

export function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}
