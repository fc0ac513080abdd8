/** Every messaging example renders byte for byte against the fakes. */
import { expect, test } from 'vitest';
import { fakeChat, fakeMail, fakeSocial, messagingPlugins, type Net } from '../src/index';
import { renderNet } from './helpers';

const fakes = (): Net => ({
  mode: 'fake',
  http: { request: () => Promise.reject(new Error("the examples use the services' fakes")) },
  apiLog: [],
  mail: fakeMail(),
  chat: fakeChat(),
  social: fakeSocial(),
});

for (const def of messagingPlugins) {
  test(`${def.name}: examples`, async () => {
    expect(def.examples?.length ?? 0).toBeGreaterThan(0);
    for (const ex of def.examples ?? []) {
      const r = await renderNet(fakes(), ex.template, ex.data);
      expect(r.output, ex.template).toBe(ex.output);
    }
  });
}

test('aliases are the CMS spellings', () => {
  expect(Object.fromEntries(messagingPlugins.map((d) => [d.name, d.aliases ?? []]))).toEqual({
    sendmail: [],
    chat_post_message: ['slack_post_message'],
    chat_get_message: ['slack_get_message'],
    chat_team_info: ['slack_team_info'],
    social_post_message: ['twitter_post_message'],
  });
});

test('the fakes record what would have been sent, without the token', async () => {
  const net = fakes();
  await renderNet(
    net,
    '{slack_post_message var=ok channel="C1" text="hi" thread_ts="1.2"}{twitter_post_message var=p text="yo"}',
  );
  expect((net.chat as ReturnType<typeof fakeChat>).calls).toEqual([
    { method: 'POST', api: 'chat.postMessage', params: { channel: 'C1', text: 'hi', thread_ts: '1.2' } },
  ]);
  expect((net.social as ReturnType<typeof fakeSocial>).calls).toEqual([
    { method: 'POST', api: '/2/tweets', params: { text: 'yo' } },
  ]);
});
