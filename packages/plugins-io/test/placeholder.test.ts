import { expect, test } from 'vitest';
import { status } from '../src/index';

test('package is a declared placeholder until its issue lands', () => {
  expect(status).toBe('unimplemented');
});
