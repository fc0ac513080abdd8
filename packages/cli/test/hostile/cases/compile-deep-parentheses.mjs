/** 100,000 nested parentheses: a positioned depth error, not a stack overflow */
export default {
  title: '100,000 nested parentheses',
  source: () => `{if ${'('.repeat(100_000)}1${')'.repeat(100_000)}}yes{/if}`,
  expect: { codes: ['IF_SYNTAX', 'LIMIT_DEPTH'] },
};
