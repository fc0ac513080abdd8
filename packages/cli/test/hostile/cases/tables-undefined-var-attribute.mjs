/** a variable-name attribute given an undefined variable: the CMS's missing-attribute error, no JS text */
export default {
  title: '{add var=$undefined}',
  source: () => '{add var=$nothing value=1}',
  expect: { code: 'MISSING_ATTRIBUTE' },
};
