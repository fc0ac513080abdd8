/** 5,000 `&&` in one {if}: the compiler must not recurse per operator (a raw RangeError before) */
export default {
  title: '5,000 && in one {if}',
  source: () => `{if ${Array.from({ length: 5001 }, () => '1').join(' && ')}}yes{/if}`,
  expect: { output: 'yes' },
};
