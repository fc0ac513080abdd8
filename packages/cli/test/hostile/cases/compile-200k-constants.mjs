/** 200,000 prints of constants in one template: compiling is linear in the template's size */
export default {
  title: 'a template of 200,000 constants',
  source: () => '{1}'.repeat(200_000),
  expect: { output: `${'1'.repeat(4096)}…(200000 chars)` },
};
