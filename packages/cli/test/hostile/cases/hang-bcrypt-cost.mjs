/** password_hash with bcrypt cost 31 (days of work): stopped at the cost limit (12) before hashing */
export default {
  title: 'password_hash cost 31',
  source: () => '{assign var=o value=$json|json_decode:true}{"secret"|password_hash:"2y":$o}',
  data: { json: '{"cost":31}' },
  expect: { code: 'LIMIT_COST' },
};
