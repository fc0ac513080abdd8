// @vitest-environment jsdom
import { expect, test } from 'vitest';
import adapter from '../src/editor/index';

test('smoke', async () => {
  const host = document.createElement('div');
  document.body.append(host);
  const changes: string[] = [];
  const h = await adapter(host, {
    value: '<p>Hi <b>there</b><script>x</script></p>',
    options: {},
    locale: 'en',
    label: 'Body',
    onChange: (v) => changes.push(v),
  });
  console.log(h.getValue());
  h.setValue('<p>x</p><ul><li><p>a</p></li></ul>');
  console.log(h.getValue());
  const root = host.firstElementChild!.shadowRoot!;
  console.log(root.innerHTML.slice(0, 600));
  h.destroy();
  expect(host.childNodes.length).toBe(0);
});
