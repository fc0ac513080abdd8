/** check_inner_uri: the bypasses browsers resolve off-site (or to javascript:) are not inner */
const bypasses = [
  '/\t/evil.example/',
  '/\n/evil.example/',
  '\x01//evil.example/',
  'java\tscript:alert(1)',
  'ht\ttp://evil.example/',
  '/\\evil.example/',
];
export default {
  title: 'check_inner_uri bypasses',
  source: () => '{foreach from=$urls item=u}{if $u|check_inner_uri}inner{else}outer{/if},{/foreach}',
  data: { urls: [...bypasses, '/news/1'] },
  expect: { output: `${'outer,'.repeat(bypasses.length)}inner,` },
};
