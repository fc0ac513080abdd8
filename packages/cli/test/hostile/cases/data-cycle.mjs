/**
 * Data that contain themselves, passed as plain objects: the render reads them in place (no
 * conversion up front refuses them), so walking the cycle must end with INVALID_DATA at the tag that
 * reached it, not loop or overflow the stack; printing the data encodes until the cycle is reached.
 */
const node = { name: 'root', kids: [] };
node.kids.push({ name: 'child', parent: node });
export default {
  title: 'plain data that contain themselves',
  data: { node },
  source: () => '{$node.name} {$node.kids[0].name}\n{$node.kids[0].parent.kids[0].parent.name}',
  expect: { code: 'INVALID_DATA' },
};
