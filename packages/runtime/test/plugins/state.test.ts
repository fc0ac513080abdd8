/** Plugins that read or write state outside the template: globals, cookies, the session. */

import type { Value } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { memorySession } from '../../src/index';
import { engine, err, out } from './render';

describe('assign_globals', () => {
  test('set, get, list and unset', () => {
    expect(out('{assign_globals key=k value=1}{assign_globals var=x key=k}{$x}')).toBe('1');
    expect(
      out(
        '{assign_globals key=a value=1}{assign_globals key=b value="two"}{assign_globals var=all}{$all|@json_encode}',
      ),
    ).toBe('{"a":1,"b":"two"}');
    expect(out('{assign_globals var=x key=none}{$x|@json_encode}')).toBe('null');
    expect(
      out(
        '{assign_globals key=k value=1}{assign_globals key=k unset=true}{assign_globals var=x key=k}{$x|@json_encode}',
      ),
    ).toBe('null');
    expect(
      out(
        '{assign_globals key=a value=1}{assign_globals key=b value=2}{assign_globals unset=true}{assign_globals var=x}{$x|@json_encode}',
      ),
    ).toBe('[]');
    expect(out('{assign_globals key=k value=1 var=x}{$x}')).toBe('1');
  });

  test('globals outlive one render through the globals service', () => {
    const globals = new Map<string, Value>();
    const e = engine({ services: { globals } });
    e.renderSync('{assign_globals key=token value=$t}', { t: 'abc' });
    expect(e.renderSync('{assign_globals var=x key=token}{$x}').output).toBe('abc');
    expect(globals.get('token')).toBe('abc');
  });

  test('stored and read arrays are copies', () => {
    expect(
      out(
        '{assign_globals key=k value=$a}{assign var="a.0" value=9}{assign_globals var=x key=k}{assign var="x.0" value=8}{assign_globals var=y key=k}{$y.0}',
        '{"a":[1]}',
      ),
    ).toBe('1');
    expect(
      out(
        '{assign_globals key=k value=$a}{assign_globals var=all}{assign var="all.k.0" value=8}{assign_globals var=y key=k}{$y.0}',
        '{"a":[1]}',
      ),
    ).toBe('1');
  });

  test('value without key is an error', () => {
    const e = err('{assign_globals value=1}');
    expect(e.code).toBe('INVALID_ATTRIBUTE');
    expect(e.message).toBe("assign_globals: 'value' needs a 'key'");
  });
});

describe('cookie', () => {
  test('set then get; an absent cookie reads as null', () => {
    expect(out('{cookie key=k value=v}{cookie key=k var=x}{$x}')).toBe('v');
    expect(out('{cookie key=none var=x}{$x|@json_encode}')).toBe('null');
  });

  test('an existing cookie is overwritten unless overwrite=0', () => {
    const cookies = new Map([['k', 'old']]);
    expect(
      out('{cookie key=k value=new overwrite=0}{cookie key=k var=x}{$x}', '{}', { services: { cookies } }),
    ).toBe('old');
    expect(out('{cookie key=k value=new}{cookie key=k var=x}{$x}', '{}', { services: { cookies } })).toBe(
      'new',
    );
    expect(cookies.get('k')).toBe('new');
  });

  test('values are stored as strings', () => {
    const cookies = new Map<string, string>();
    out('{cookie key=n value=12 expires=7}', '{}', { services: { cookies } });
    expect(cookies.get('n')).toBe('12');
  });
});

describe('login, logout, refresh_cs', () => {
  test('login and logout change the session member', async () => {
    const session = memorySession();
    const e = engine({ services: { session } });
    await e.render('{login member_id=5}');
    expect(session.memberId).toBe(5);
    await e.render('{login member_id=6}');
    expect(session.memberId).toBe(5);
    await e.render('{login member_id="7" overwrite=true}');
    expect(session.memberId).toBe(7);
    expect((await e.render('{logout}bye')).output).toBe('bye');
    expect(session.memberId).toBe(null);
  });

  test('$smarty.session shows the member of the start of the run', async () => {
    const e = engine({ services: { session: memorySession(3) } });
    expect(
      (
        await e.render(
          '{$smarty.session.member_id}{login member_id=5 overwrite=1}{$smarty.session.member_id}',
        )
      ).output,
    ).toBe('33');
  });

  test('they are asynchronous: renderSync refuses them', () => {
    const e = err('{logout}');
    expect(e.code).toBe('ASYNC_IN_SYNC');
    expect(e.message).toBe('{logout} is asynchronous: use render() instead of renderSync()');
  });

  test('refresh_cs passes the ids to the memberFilters service, or logs without one', async () => {
    const seen: number[][] = [];
    const e = engine({ services: { memberFilters: { refresh: (ids: number[]) => void seen.push(ids) } } });
    await e.render('{refresh_cs add=$ids}', { ids: [3, '4'] });
    expect(seen).toEqual([[3, 4]]);
    const r = await engine().render('{refresh_cs add=$ids}', { ids: [1] });
    expect(r.log.map((l) => l.message)).toEqual(['refresh_cs: no memberFilters service configured (ids 1)']);
  });
});
