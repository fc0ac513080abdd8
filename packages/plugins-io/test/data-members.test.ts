import { memorySession } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { exampleSite, renderOn } from './helpers';

const logged = (r: { log: { level: string; code?: string; message: string }[] }) =>
  r.log.map((e) => `${e.level} ${e.code ?? ''} ${e.message}`);
const as = (memberId: number | null) => ({ services: { session: memorySession(memberId) } });

/** which of members 1..4 the viewer sees with open_by_group */
async function visible(memberId: number | null): Promise<string> {
  const r = await renderOn(
    await exampleSite(),
    '{section name=i start=1 loop=5}{assign_member_detail var=m member_id=$smarty.section.i.index}{if $m}{$m.member_id}{else}-{/if}{/section}',
    {},
    as(memberId),
  );
  return r.output;
}

describe('assign_member_detail', () => {
  test('the record: fields in order, then the ext fields; groups with assign_group_flg', async () => {
    const r = await renderOn(
      await exampleSite(),
      '{assign_member_detail var=m member_id=4 assign_group_flg=1}',
    );
    expect(r.vars.m).toEqual({
      member_id: 4,
      name1: 'Kato',
      name2: 'Ken',
      nickname: 'ken',
      email: 'ken@example.com',
      group_ids: [2, 3],
      inst_ymdhi: '2026-01-15T10:00:00+09:00',
      update_ymdhi: '2026-01-15T10:00:00+09:00',
      groups: [
        { group_id: 2, group_nm: '一般会員' },
        { group_id: 3, group_nm: 'プレミアム会員' },
      ],
      department: null,
    });
    const plain = await renderOn(await exampleSite(), '{assign_member_detail var=m member_id=4}');
    expect(Object.keys(plain.vars.m as object)).not.toContain('groups');
  });

  test('open_by_group: what each viewer sees', async () => {
    // 1 admins (visible to admins), 2 members (all), 3 premium (logged-in members), 4 members+premium
    expect(await visible(null)).toBe('-2-4');
    expect(await visible(2)).toBe('-234');
    expect(await visible(3)).toBe('-234');
    expect(await visible(1)).toBe('1234');
    // a session whose member is not in the store is a logged-in member without groups
    expect(await visible(77)).toBe('-234');
  });

  test('a hidden member is an empty array and an info entry; open_by_group=0 reads it', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{assign_member_detail var=m member_id=1}[{$m|@count}]', {}, as(2));
    expect(r.output).toBe('[0]');
    expect(logged(r)).toEqual([
      'info IO_NOT_VISIBLE member 1 is not visible to member 2 (open_by_group=0 reads it anyway)',
    ]);
    const anyway = await renderOn(
      site,
      '{assign_member_detail var=m member_id=1 open_by_group=0}{$m.nickname}',
      {},
      as(2),
    );
    expect(anyway.output).toBe('hanako');
  });

  test('open_flg is deprecated: a warning; -1 checks visibility even with open_by_group=0', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_member_detail var=m member_id=3 open_by_group=0 open_flg=-1}[{$m.nickname}]{assign_member_detail var=n member_id=3 open_by_group=0 open_flg=1}[{$n.nickname}]',
    );
    expect(r.output).toBe('[][misaki]');
    expect(r.log.filter((e) => e.level === 'warn').map((e) => e.message)).toEqual([
      'open_flg is deprecated: use open_by_group (open_flg=-1 is open_by_group=1)',
      'open_flg is deprecated: use open_by_group (open_flg=-1 is open_by_group=1)',
    ]);
  });

  test('missing and hostile ids', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{assign_member_detail var=m member_id=50}[{$m|@count}]');
    expect(r.output).toBe('[0]');
    expect(logged(r)).toEqual(['warn IO_NO_RECORD member 50 does not exist']);
    for (const id of ['__proto__', '9007199254740993', '-3', 'hasOwnProperty']) {
      const h = await renderOn(
        site,
        '{assign_member_detail var=m member_id=$id open_by_group=0}[{$m|@count}]',
        { id },
      );
      expect(h.output, id).toBe('[0]');
      expect(h.errors, id).toEqual([]);
    }
  });
});

describe('assign_group_nm', () => {
  test('the name, in a language; "" and a warning for a missing group', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_group_nm group_id=1 var=a}{assign_group_nm group_id=1 var=b lang=en}{assign_group_nm group_id=1 var=c lang=de}{assign_group_nm group_id=9 var=d}{$a}|{$b}|{$c}|[{$d}]',
    );
    expect(r.output).toBe('管理者|Administrators|管理者|[]');
    expect(r.vars.d).toBe('');
    expect(logged(r)).toEqual(['warn IO_NO_RECORD group 9 does not exist']);
  });
});
