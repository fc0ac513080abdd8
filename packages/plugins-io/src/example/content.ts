/**
 * The example site's content store fixtures (`content/*.json`, format: the docs’ site-folder guide; the store:
 * content/fixtures.ts). A small site of a calligraphy-supplies shop: news and events, members in
 * three groups, tags, comments, likes and two master tables. The data plugins' examples and tests run
 * on it at EXAMPLE_NOW (2026-11-01 09:00 Asia/Tokyo):
 *   - topics 1, 2, 4 are open; 3 is closed (open_flg 0, with files in files/topics/3/); 5 opens on
 *     2026-11-10;
 *   - member 1 is in the administrators (visible to administrators only), 2 in the members (visible
 *     to all), 3 in the premium members (visible to logged-in members; files in files/member/3/), 4
 *     in both members and premium.
 */
import type { ExampleFile } from './files';

const json = (v: unknown): ExampleFile => ({ data: `${JSON.stringify(v, null, 2)}\n`, ageDays: 1 });

const settings = { default_lang: 'ja', time_zone: 'Asia/Tokyo' };

const topicsGroups = [
  {
    topics_group_id: 1,
    group_nm: 'お知らせ',
    i18n: { en: { group_nm: 'News' } },
    ext_columns: [
      { ext_col_id: 1, slug: 'summary', name: '概要', type: 'text' },
      { ext_col_id: 2, slug: 'main_image', name: 'メイン画像', type: 'image' },
      { ext_col_id: 3, slug: 'view_count', name: '閲覧数', type: 'number' },
      { ext_col_id: 4, slug: 'weekly_views', name: '曜日別閲覧数', type: 'number', repeat: true },
    ],
  },
  {
    topics_group_id: 2,
    group_nm: 'イベント',
    i18n: { en: { group_nm: 'Events' } },
    ext_columns: [
      { ext_col_id: 1, slug: 'venue', name: '会場', type: 'text' },
      { ext_col_id: 2, slug: 'capacity', name: '定員', type: 'number' },
      { ext_col_id: 3, slug: null, name: '申込数', type: 'number' },
    ],
  },
];

const topicsCategories = [
  {
    topics_category_id: 1,
    topics_group_id: 1,
    category_nm: '製品',
    ord_no: 2,
    i18n: { en: { category_nm: 'Products' } },
  },
  {
    topics_category_id: 2,
    topics_group_id: 1,
    category_nm: 'メンテナンス',
    ord_no: 3,
    i18n: { en: { category_nm: 'Maintenance' } },
  },
  {
    topics_category_id: 3,
    topics_group_id: 1,
    category_nm: 'プレス',
    ord_no: 1,
    i18n: { en: { category_nm: 'Press' } },
  },
  {
    topics_category_id: 4,
    topics_group_id: 2,
    category_nm: 'セミナー',
    ord_no: 1,
    i18n: { en: { category_nm: 'Seminars' } },
  },
  {
    topics_category_id: 5,
    topics_group_id: 2,
    category_nm: '展示会',
    ord_no: 2,
    i18n: { en: { category_nm: 'Trade shows' } },
  },
];

const topics = [
  {
    topics_id: 1,
    topics_group_id: 1,
    ymd: '2026-10-20',
    contents_type: 1,
    subject: '新製品「墨」を発売しました',
    topics_flg: 1,
    open_flg: 1,
    regular_flg: 0,
    slug: 'sumi-release',
    inst_ymdhi: '2026-10-20T10:00:00+09:00',
    update_ymdhi: '2026-10-21T09:30:00+09:00',
    ext: {
      summary: '書道用の新しい墨を発売しました。',
      main_image: {
        id: 'banner-2026-11',
        url: '/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png',
        desc: '新製品のバナー',
        url_org: '/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png',
      },
      view_count: 41,
      weekly_views: [5, 8, 3, 9, 6, 4, 6],
    },
    i18n: {
      en: {
        subject: 'Sumi, our new ink, is out',
        ext: { summary: 'A new calligraphy ink is on sale.' },
      },
    },
  },
  {
    topics_id: 2,
    topics_group_id: 1,
    ymd: '2026-10-28',
    contents_type: 2,
    subject: '定期メンテナンスのお知らせ',
    slug: 'maintenance-2026-11',
    // open until a date far ahead: the example site (and the CLI's tests of it, which run on the real
    // clock) must read the same whenever they run
    open_end_ymdhi: '2099-12-31 00:00',
    inst_ymdhi: '2026-10-28T15:00:00+09:00',
    update_ymdhi: '2026-10-28T15:00:00+09:00',
    ext: { summary: '11月8日 2:00〜4:00 にサービスを停止します。', view_count: 12 },
    i18n: { en: { subject: 'Scheduled maintenance' } },
  },
  {
    topics_id: 3,
    topics_group_id: 1,
    ymd: '2026-10-30',
    contents_type: 3,
    subject: '【下書き】来期の製品計画',
    open_flg: 0,
    slug: 'plan-draft',
    inst_ymdhi: '2026-10-30T18:00:00+09:00',
    update_ymdhi: '2026-10-31T11:00:00+09:00',
    ext: { summary: '社内確認中', view_count: 0 },
  },
  {
    topics_id: 4,
    topics_group_id: 2,
    ymd: '2026-11-15',
    contents_type: 4,
    contents_type_list: [4, 5],
    subject: '墨ハンズオンセミナー 2026 秋',
    slug: 'seminar-2026-autumn',
    open_start_ymdhi: '2026-10-01 10:00',
    inst_ymdhi: '2026-09-25T12:00:00+09:00',
    update_ymdhi: '2026-10-01T10:00:00+09:00',
    ext: { venue: '東京・日本橋', capacity: 30, ext_col_03: 12 },
    i18n: { en: { subject: 'Sumi hands-on seminar, autumn 2026', ext: { venue: 'Nihonbashi, Tokyo' } } },
  },
  {
    topics_id: 5,
    topics_group_id: 2,
    ymd: '2026-12-05',
    contents_type: 5,
    subject: '冬の文具展示会に出展します',
    slug: 'winter-fair',
    open_start_ymdhi: '2026-11-10 10:00',
    inst_ymdhi: '2026-10-31T17:00:00+09:00',
    update_ymdhi: '2026-10-31T17:00:00+09:00',
    ext: { venue: '大阪・南港', capacity: 200, ext_col_03: 0 },
  },
];

const groups = [
  { group_id: 1, group_nm: '管理者', visible_to: [1], i18n: { en: { group_nm: 'Administrators' } } },
  { group_id: 2, group_nm: '一般会員', visible_to: 'all', i18n: { en: { group_nm: 'Members' } } },
  {
    group_id: 3,
    group_nm: 'プレミアム会員',
    visible_to: 'members',
    i18n: { en: { group_nm: 'Premium members' } },
  },
];

const members = [
  {
    member_id: 1,
    name1: '佐藤',
    name2: '花子',
    nickname: 'hanako',
    email: 'hanako@example.com',
    group_ids: [1],
    inst_ymdhi: '2025-04-01T09:00:00+09:00',
    update_ymdhi: '2026-10-01T09:00:00+09:00',
    ext: { department: '広報' },
  },
  {
    member_id: 2,
    name1: '鈴木',
    name2: '一郎',
    nickname: 'ichiro',
    email: 'ichiro@example.com',
    group_ids: [2],
    inst_ymdhi: '2025-06-12T20:15:00+09:00',
    update_ymdhi: '2026-08-03T08:00:00+09:00',
    ext: { department: null },
  },
  {
    member_id: 3,
    name1: '田中',
    name2: '美咲',
    nickname: 'misaki',
    email: 'misaki@example.com',
    group_ids: [3],
    inst_ymdhi: '2025-09-30T11:45:00+09:00',
    update_ymdhi: '2026-10-29T22:10:00+09:00',
    ext: { department: null },
  },
  {
    member_id: 4,
    name1: 'Kato',
    name2: 'Ken',
    nickname: 'ken',
    email: 'ken@example.com',
    group_ids: [2, 3],
    inst_ymdhi: '2026-01-15T10:00:00+09:00',
    update_ymdhi: '2026-01-15T10:00:00+09:00',
    ext: { department: null },
  },
];

const tagCategories = [
  {
    tag_category_id: 1,
    tag_category_nm: '製品',
    parent_tag_category_id: null,
    ord_no: 1,
    i18n: { en: { tag_category_nm: 'Products' } },
  },
  {
    tag_category_id: 2,
    tag_category_nm: '話題',
    parent_tag_category_id: null,
    ord_no: 2,
    i18n: { en: { tag_category_nm: 'Topics' } },
  },
  { tag_category_id: 3, tag_category_nm: 'Web', parent_tag_category_id: 2, ord_no: 1 },
];

const tags = [
  { tag_id: 1, tag_nm: '墨', tag_category_id: 1, ord_no: 2, i18n: { en: { tag_nm: 'ink' } } },
  { tag_id: 2, tag_nm: '筆', tag_category_id: 1, ord_no: 1, i18n: { en: { tag_nm: 'brush' } } },
  { tag_id: 3, tag_nm: 'リリース', tag_category_id: 2, ord_no: 1, i18n: { en: { tag_nm: 'release' } } },
  {
    tag_id: 4,
    tag_nm: 'メンテナンス',
    tag_category_id: 2,
    ord_no: 2,
    i18n: { en: { tag_nm: 'maintenance' } },
  },
  { tag_id: 5, tag_nm: 'イベント', tag_category_id: 2, ord_no: 3, i18n: { en: { tag_nm: 'event' } } },
  { tag_id: 6, tag_nm: 'API', tag_category_id: 3, ord_no: 1 },
];

const tagRelations = [
  { module: 'topics', module_id: 1, tag_id: 1 },
  { module: 'topics', module_id: 1, tag_id: 3 },
  { module: 'topics', module_id: 1, tag_id: 6 },
  { module: 'topics', module_id: 2, tag_id: 4 },
  { module: 'topics', module_id: 4, tag_id: 5 },
  { module: 'topics', module_id: 4, tag_id: 2 },
  { module: 'member', module_id: 3, tag_id: 2 },
];

const comments = [
  {
    comment_id: 1,
    module_type: 'topics',
    module_id: 1,
    member_id: 2,
    name: 'ichiro',
    note: '発売おめでとうございます!',
    inst_ymdhi: '2026-10-20T12:00:00+09:00',
  },
  {
    comment_id: 2,
    module_type: 'topics',
    module_id: 1,
    member_id: null,
    name: 'ゲスト',
    note: '店頭でも買えますか?',
    inst_ymdhi: '2026-10-22T08:30:00+09:00',
  },
  {
    comment_id: 3,
    module_type: 'topics',
    module_id: 1,
    member_id: null,
    name: 'spam',
    note: '(承認待ち)',
    open_flg: 0,
    inst_ymdhi: '2026-10-23T03:00:00+09:00',
  },
  {
    comment_id: 4,
    module_type: 'topics',
    module_id: 4,
    member_id: 3,
    name: 'misaki',
    note: '申し込みました。楽しみです。',
    inst_ymdhi: '2026-10-25T19:40:00+09:00',
  },
  {
    comment_id: 5,
    module_type: 'topics',
    module_id: 3,
    member_id: 1,
    name: 'hanako',
    note: '公開前に確認お願いします',
    inst_ymdhi: '2026-10-31T11:05:00+09:00',
  },
  {
    comment_id: 6,
    module_type: 'topics',
    module_id: 4,
    member_id: 4,
    name: 'ken',
    note: '駐車場はありますか?',
    inst_ymdhi: '2026-10-30T21:00:00+09:00',
  },
];

const favorites = [
  {
    module_type: 'topics',
    module_id: 1,
    member_id: 2,
    action_type: 0,
    inst_ymdhi: '2026-10-20T12:01:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 1,
    member_id: 3,
    action_type: 0,
    inst_ymdhi: '2026-10-21T08:00:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 1,
    member_id: 4,
    action_type: 0,
    inst_ymdhi: '2026-10-29T19:30:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 1,
    member_id: null,
    cookie: 'visitor-7f3a',
    action_type: 0,
    inst_ymdhi: '2026-10-30T10:00:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 1,
    member_id: 3,
    action_type: 1,
    inst_ymdhi: '2026-10-21T08:01:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 4,
    member_id: 3,
    action_type: 0,
    inst_ymdhi: '2026-10-25T19:41:00+09:00',
  },
  {
    module_type: 'topics',
    module_id: 4,
    member_id: 2,
    action_type: 0,
    inst_ymdhi: '2026-10-31T07:15:00+09:00',
  },
  {
    module_type: 'member',
    module_id: 3,
    member_id: 2,
    action_type: 0,
    inst_ymdhi: '2026-10-26T09:00:00+09:00',
  },
];

/** the product master: code, name, category, price (names translated) */
const products = {
  csvtable_id: 1,
  name: '商品マスタ',
  columns: ['code', 'name', 'category', 'price'],
  rows: [
    ['A-1', '墨汁 (黒)', 'ink', '480'],
    ['A-2', '墨汁 (朱)', 'ink', '520'],
    ['B-1', '筆 (小)', 'brush', '1200'],
    ['B-2', '筆 (大)', 'brush', '1800'],
    ['C-1', '半紙', 'paper', '300'],
  ],
  i18n: {
    en: {
      rows: [
        [null, 'Ink (black)'],
        [null, 'Ink (vermilion)'],
        [null, 'Brush (small)'],
        [null, 'Brush (large)'],
        [null, 'Calligraphy paper'],
      ],
    },
  },
};

export const EXAMPLE_CONTENT: Readonly<Record<string, ExampleFile>> = {
  'content/settings.json': json(settings),
  'content/topics.json': json(topics),
  'content/topics_groups.json': json(topicsGroups),
  'content/topics_categories.json': json(topicsCategories),
  'content/members.json': json(members),
  'content/groups.json': json(groups),
  'content/tags.json': json(tags),
  'content/tag_categories.json': json(tagCategories),
  'content/tag_relations.json': json(tagRelations),
  'content/comments.json': json(comments),
  'content/favorites.json': json(favorites),
  'content/csvtables/1.json': json(products),
  // the same kind of table as CSV: the first line names the columns, <id>.<lang>.csv translates
  'content/csvtables/2.csv': {
    data: 'code,region,name\n13,kanto,東京都\n14,kanto,神奈川県\n27,kinki,大阪府\n40,kyushu,福岡県\n',
    ageDays: 1,
  },
  'content/csvtables/2.en.csv': {
    data: 'code,region,name\n,,Tokyo\n,,Kanagawa\n,,Osaka\n,,Fukuoka\n',
    ageDays: 1,
  },
};
