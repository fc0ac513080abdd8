/** a constant's value (a secret) never appears in an error message: the message names the attribute */
export default {
  title: 'a secret constant passed where it does not belong',
  constants: { SITE_KEY: 's3cr3t-K3y-value' },
  source: () => '{set_memory memory_limit=$smarty.const.SITE_KEY}',
  expect: { code: 'INVALID_ATTRIBUTE', secret: 's3cr3t-K3y-value' },
};
