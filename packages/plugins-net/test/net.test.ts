import { expect, test } from 'vitest';
import { NET_CODE_INFO, netPlugins } from '../src/index';

test('every failure code is described; every plugin is async and in the catalog group', () => {
  for (const [code, text] of Object.entries(NET_CODE_INFO)) expect(text.length, code).toBeGreaterThan(20);
  for (const def of netPlugins) {
    expect(def.group).toBe('Calls and API access');
    expect(def.async, def.name).toBe(true);
  }
});
