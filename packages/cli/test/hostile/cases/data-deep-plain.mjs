/**
 * Plain data nested 200,000 levels deep: reading the top is cheap, and the memory budget, which
 * counts the data from their source once the render has built a MiB, walks them without recursion.
 */
let deep = { leaf: 'x' };
for (let i = 0; i < 200_000; i++) deep = { c: deep };
export default {
  title: 'plain data nested 200,000 levels',
  data: { deep },
  source: () => '{$deep.c.c.c|@count}/{assign var=s value=""|str_pad:3000000:"x"}{$s|strlen}',
  expect: { output: '1/3000000' },
};
