/**
 * A hostile case's header: Smarty comments at the top of the template.
 *   {* hostile: what it attacks *}
 *   {* expect: LIMIT_MEMORY *}            an error code, or
 *   {* expect-output: text *}              the exact output (PHP's)
 *   {* limits: {"timeoutMs": 1000} *}      engine limits (JSON), optional
 *   {* data: {"x": 1} *}                   data (JSON), optional
 * The header lines are not part of the rendered source.
 */
const HEADER_LINE = /^\{\* ([a-z-]+): (.*?) \*\}\n/gm;

export function parseHeader(text) {
  const out = { source: text.replace(HEADER_LINE, '') };
  for (const m of text.matchAll(HEADER_LINE)) {
    const [, key, value] = m;
    if (key === 'expect') out.expect = { code: value };
    else if (key === 'expect-output') out.expect = { output: value };
    else if (key === 'limits') out.limits = JSON.parse(value);
    else if (key === 'data') out.data = JSON.parse(value);
    else if (key === 'hostile') out.title = value;
  }
  return out;
}
