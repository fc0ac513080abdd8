/**
 * Smarty's strip_tags on 1 MB of unclosed tags and quotes (no `>` anywhere): linear, not quadratic.
 * PHP's preg_replace('!<[^>]*?>!', ' ') finds no tag and returns the text unchanged.
 */
export default {
  title: 'strip_tags on 1 MB of unclosed < and quotes',
  source: () => '{$s|strip_tags|strlen}',
  data: { s: `${'<a "'.repeat(125_000)}${'x<'.repeat(250_000)}` },
  expect: { output: '1000000' },
};
