/** a template over limits.maxTemplateLength fails before compiling */
export default {
  title: 'a template longer than the compile budget',
  limits: { maxTemplateLength: 100_000 },
  source: () => 'x'.repeat(100_001),
  expect: { code: 'LIMIT_TEMPLATE' },
};
