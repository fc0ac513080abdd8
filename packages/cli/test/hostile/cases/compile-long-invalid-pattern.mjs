/** a 200 KB invalid pattern: PHP warns "Compilation failed" and regex_replace gives null */
export default {
  title: 'a 200 KB invalid pattern',
  source: () => `[{"abc"|regex_replace:"/${'('.repeat(200_000)}/":"x"}]`,
  expect: { output: '[]' },
};
