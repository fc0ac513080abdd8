/** strip_tags on 1 MB of unclosed tags and quotes: linear, not quadratic */
export default {
  title: 'strip_tags on 1 MB of unclosed < and quotes',
  source: () => '{$s|strip_tags|strlen}',
  data: { s: `${'<a "'.repeat(125_000)}${'x<'.repeat(250_000)}` },
  expect: { output: '0' },
};
