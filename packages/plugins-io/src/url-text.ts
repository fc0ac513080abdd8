/**
 * URLs in messages. A URL's query string, fragment and user:password are where tokens live
 * (`?token=…`, a signed URL's `signature=`), and log entries are read by more people than the
 * template's author: messages name a URL by its origin and path only, and a message that comes
 * from elsewhere (the fetch service's error) has every spelling of those parts cut out.
 */

/** the secret parts of a URL as written and as parsed: query, fragment, credentials */
function secretParts(input: string): string[] {
  const parts: string[] = [];
  const q = input.search(/[?#]/);
  if (q !== -1) parts.push(input.slice(q));
  const creds = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(input)?.[1];
  if (creds) parts.push(creds);
  try {
    const url = new URL(input);
    if (url.search) parts.push(url.search);
    if (url.hash) parts.push(url.hash);
    if (url.username) parts.push(url.username);
    if (url.password) parts.push(url.password);
  } catch {
    // not a URL: what was cut above is all
  }
  // the longest first, so a part inside another is cut with it
  return [...new Set(parts)].filter((p) => p.length > 1).sort((a, b) => b.length - a.length);
}

/** how a message names a URL: origin and path, never the query, fragment or credentials */
export function shownUrl(input: string): string {
  try {
    const url = new URL(input);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`;
  } catch {
    // not a URL: cut by hand below
  }
  return input.replace(/[?#].*$/s, '').replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1');
}

/** `message` (another's words: a fetch error) without any secret part of `input` */
export function scrubUrl(message: string, input: string): string {
  let out = message;
  for (const part of secretParts(input)) out = out.split(part).join('…');
  return out;
}
