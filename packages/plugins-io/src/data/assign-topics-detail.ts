/** {assign_topics_detail}: one content record, in a language, if it is open now. */
import type { Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, emptyArray, idOf, langOf, reportNotFound, storeOf, toPhp } from './common';

const NAME = 'assign_topics_detail';

export const assignTopicsDetail: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Reads one content (topic) from the site's content store into `var`: the content detail record with topics_id, ymd, contents_type, subject, topics_flg, open_flg, regular_flg, inst_ymdhi, update_ymdhi, topics_group_id, slug, group_nm (the topics group's name), contents_type_nm (the category's name), contents_type_list (category ids), tag (the content's tags: tag_id, tag_nm, tag_category_id, ord_no), then every extension field under its slug (`ext_col_NN` for a column without one; an image field is {id, url, desc, url_org}, a repeating field a list). With `lang`, multilingual values are that language's, falling back to the default language's where there is no translation. With chk_open_flg (the default) only a content that is open now is read: topics_flg and open_flg 1 and the clock inside its open period (open_start_ymdhi, open_end_ymdhi).",
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the record' },
    topics_id: { type: 'integer', required: true, description: 'the content id' },
    lang: {
      type: 'string',
      description: "language of multilingual values (ja, en, ...); default: the site's default language",
    },
    chk_open_flg: {
      type: 'boolean',
      default: true,
      description: 'true: only a content open now (published and inside its open period); false: any',
    },
  },
  result:
    'the content detail record (a PHP array, keys in the order above) in `var`; an empty array when there is no such content or it is not open',
  errors: [
    'no content with that id: `var` is an empty array, a warning IO_NO_RECORD is logged',
    'the content is closed or outside its open period (chk_open_flg): `var` is an empty array, an info entry IO_NOT_VISIBLE is logged',
    'a malformed content/topics.json: `var` is an empty array, error IO_PARSE names the file and the record',
  ],
  examples: [
    {
      template:
        '{assign_topics_detail var=topic topics_id=1}{$topic.subject} ({$topic.group_nm} / {$topic.contents_type_nm}) {$topic.ymd}\n{$topic.summary} views: {$topic.view_count}, image: {$topic.main_image.url}\ntags:{foreach from=$topic.tag item=t} #{$t.tag_nm}{/foreach}',
      output:
        '新製品「墨」を発売しました (お知らせ / 製品) 2026-10-20\n書道用の新しい墨を発売しました。 views: 41, image: /files/ltd/file_plugins_tutorial/assets/banner-2026-11.png\ntags: #墨 #リリース #API',
      description: 'the record, its derived names, its tags and its extension fields by slug',
    },
    {
      template:
        '{assign_topics_detail var=topic topics_id=4 lang=en}{$topic.subject} / {$topic.group_nm} / {$topic.venue}',
      output: 'Sumi hands-on seminar, autumn 2026 / Events / Nihonbashi, Tokyo',
      description: 'English values; untranslated ones fall back to the default language',
    },
    {
      template:
        '{assign_topics_detail var=draft topics_id=3}{if $draft}open{else}not open{/if} / {assign_topics_detail var=draft topics_id=3 chk_open_flg=0}{$draft.subject}',
      output: 'not open / 【下書き】来期の製品計画',
      description: 'topics 3 is closed: read only with chk_open_flg=0',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const id = idOf(ctx, NAME, a.topics_id, 'topics_id', 'topics');
      if (id === null) return;
      const found = await storeOf(ctx).topic(id, {
        lang: langOf(a.lang),
        open: a.chk_open_flg ? { at: ctx.services.clock.now() } : undefined,
      });
      if (found.ok) out = toPhp(found.value);
      else reportNotFound(ctx, NAME, found);
    });
    ctx.assign(a.var as string, out);
  },
});
