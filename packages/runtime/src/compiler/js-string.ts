/**
 * A JS string literal of `s`, exactly what `JSON.stringify(s)` gives. The compiler quotes a name or
 * key for nearly every tag; most are plain ASCII with nothing to escape, and are quoted here without
 * a call into JSON.stringify.
 */
export function jsString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // control characters, `"`, `\` and everything beyond ASCII (lone surrogates are escaped)
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return JSON.stringify(s);
  }
  return `"${s}"`;
}
