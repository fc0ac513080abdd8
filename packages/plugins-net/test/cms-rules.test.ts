/** The catalog's rules, the fake and the direct registry. */
import { describe, expect, test } from 'vitest';
import { fakeCmsApi } from '../src/index';
import { directCmsApi } from '../src/node';
import { cmsNet } from './cms-helpers';
import { renderNet } from './helpers';

describe('rules', () => {
  test.each([
    [
      "{api_internal endpoint='/rcms-api/1/news' method=POST direct=1 var=r status_var=ok}",
      'NET_NOT_ALLOWED',
    ],
    [
      "{api_internal endpoint='/rcms-api/1/news' direct=1 member_id=1 var=r status_var=ok}",
      'NET_NOT_ALLOWED',
    ],
    ["{api_internal endpoint='rcms-api/1/news' var=r status_var=ok}", 'NET_BAD_VALUE'],
    ["{api_internal endpoint='/rcms-api/1/news' method=PUT var=r status_var=ok}", 'NET_BAD_VALUE'],
    ["{api_mng endpoint='/rcms-api/1/news' var=r status_var=ok}", 'NET_BAD_VALUE'],
    ['{api_method model=topics method=insert var=r}', 'NET_NOT_ALLOWED'],
    ['{api_method model=topics method=frobnicate var=r}', 'NET_BAD_VALUE'],
  ])('%s → %s, no call made', async (tpl, code) => {
    const fake = fakeCmsApi();
    const net = cmsNet(fake);
    const r = await renderNet(net, `${tpl}{$ok}:{$r.errors[0].code}`);
    expect(r.output).toBe(`${tpl.includes('status_var') ? '0' : ''}:${code}`);
    expect(r.errors[0]).toMatch(new RegExp(`^${code} `));
    expect(fake.calls).toEqual([]);
    expect(net.apiLog).toEqual([]);
  });

  test('an unknown model gives a result with errors', async () => {
    const r = await renderNet(
      cmsNet(fakeCmsApi()),
      '{api_method model=nosuch method=list var=r}{$r.errors[0].code}',
    );
    expect(r.output).toBe('unknown_model');
  });

  test('without a CMS adapter: NET_NOT_CONFIGURED, status 0', async () => {
    const r = await renderNet(
      cmsNet(),
      "{api_internal endpoint='/rcms-api/1/news' var=r status_var=ok}{$ok} {$r.errors[0].code}",
    );
    expect(r.output).toBe('0 NET_NOT_CONFIGURED');
  });
});

describe('fakeCmsApi', () => {
  test('records the calls; POST body from queries; member_id=1', async () => {
    const fake = fakeCmsApi();
    const r = await renderNet(
      cmsNet(fake),
      "{assign var=b value=$empty}{append var=b index=subject value=Hi}{api_internal endpoint='/rcms-api/1/topics/insert?_lang=ja' method=post queries=$b member_id=1 var=r status_var=ok}{$ok} {$r.id} {$r.messages[0]}",
    );
    expect(r.output).toBe('1 1 saved');
    expect(fake.calls).toEqual([
      {
        plugin: 'api_internal',
        method: 'POST',
        path: '/rcms-api/1/topics/insert?_lang=ja',
        query: [],
        body: { subject: 'Hi' },
        headers: [],
        memberId: 1,
      },
    ]);
  });

  test('canned answers: exact path first, then the bare path; failures; errors shape', async () => {
    const fake = fakeCmsApi({
      'GET /rcms-api/1/news': { status: 200, body: { list: ['bare'] } },
      'GET /rcms-api/1/news?_doc_lang=en': { status: 200, body: { list: ['exact'] } },
      'GET /rcms-api/1/down': { fail: 'NET_TIMEOUT' },
      'GET /rcms-api/1/denied': { status: 403, body: { errors: [{ code: 'forbidden', message: 'no' }] } },
    });
    const r = await renderNet(
      cmsNet(fake),
      "{api_internal endpoint='/rcms-api/1/news?_doc_lang=en' var=a}{api_internal endpoint='/rcms-api/1/news?x=1' var=b}" +
        "{api_internal endpoint='/rcms-api/1/down' var=c status_var=cs}{api_internal endpoint='/rcms-api/1/denied' var=d status_var=ds}" +
        '{$a.list[0]} {$b.list[0]} {$cs}{$c.errors[0].code} {$ds}{$d.errors[0].code}',
    );
    expect(r.output).toBe('exact bare 0NET_TIMEOUT 0forbidden');
  });

  test('cache_time reuses the answer within the minutes', async () => {
    const fake = fakeCmsApi();
    await renderNet(
      cmsNet(fake),
      "{api_internal endpoint='/rcms-api/1/news' cache_time=5 var=a}{api_internal endpoint='/rcms-api/1/news' cache_time=5 var=b}",
    );
    expect(fake.calls).toHaveLength(1);
  });
});

describe('directCmsApi', () => {
  test('GET handlers by path, the query passed; 404 in the errors shape; POST refused', async () => {
    const cms = directCmsApi({
      '/rcms-api/1/news': (req) => ({ list: req.query.map(([k, v]) => `${k}=${v}`) }),
    });
    const r = await renderNet(
      cmsNet(cms),
      "{api_internal endpoint='/rcms-api/1/news?_doc_lang=en' query='cnt=2' direct=1 var=a}{api_internal endpoint='/rcms-api/1/none' direct=1 var=b status_var=bs}" +
        "{api_internal endpoint='/rcms-api/1/news' method=POST var=c status_var=cs}" +
        '{$a.list[0]},{$a.list[1]} {$bs}{$b.errors[0].code} {$cs}{$c.errors[0].code}',
    );
    expect(r.output).toBe('_doc_lang=en,cnt=2 0not_found 0NET_NOT_ALLOWED');
  });
});
