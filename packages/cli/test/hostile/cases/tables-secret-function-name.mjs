/** {function name=…} with a secret: the message names the attribute, not its value */
export default {
  title: 'a secret constant as a function name',
  constants: { SITE_KEY: 's3cr3t-K3y-value' },
  source: () => '{function name=$smarty.const.SITE_KEY var=x}',
  expect: { code: 'UNKNOWN_FUNCTION', secret: 's3cr3t-K3y-value' },
};
