/** password_verify against a stored hash of cost 31: refused, not computed for days */
export default {
  title: 'password_verify of a cost-31 hash',
  source: () => '{if "secret"|password_verify:$hash}yes{else}no{/if}',
  data: { hash: '$2y$31$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234' },
  expect: { code: 'LIMIT_COST' },
};
