/**
 * 300 distinct 1 MB replacements: the parsed replacements were cached process-wide without a byte
 * bound (963 MB held after the render). The engine's cache is bounded in bytes.
 */
export default {
  title: '300 distinct 1 MB regex replacements',
  source: () =>
    '{assign var=m value=""|str_pad:1000000:"x"}{section name=i loop=300}' +
    '{assign var=r value=$m|cat:$smarty.section.i.index}{assign var=x value="a"|regex_replace:"/a/":$r}' +
    '{/section}{$x|strlen}',
  expect: { output: '1000003' },
  maxRssMiB: 400,
};
