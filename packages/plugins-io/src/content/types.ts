/**
 * The content store's contract: what the data plugins ask, never how records are kept. The
 * default implementation reads the site's JSON fixtures (fixtures.ts); a database-backed one
 * implements the same interface and the plugins do not change.
 *
 * The contract is query-level: each method is one question a plugin asks ("the topic 3 in English,
 * if it is open now", "the 5 newest comments of topics 1"), with every filter, order and limit in
 * its arguments, so that an implementation can answer it with one query of its own. Records come
 * back as plain JSON-like objects (`ContentRecord`), in the order their keys should show; the
 * plugins turn them into PHP arrays. Nothing here names a file.
 *
 * A second implementation (SQLite, say, through `better-sqlite3` or Node's `node:sqlite`) follows
 * this way (the docs’ site-folder guide, "Another store", says the same for users):
 *   - one table per fixture file (topics, topics_groups, ext_columns, topics_categories, members,
 *     groups, member_groups, tags, tag_categories, tag_relations, comments, favorites, csv tables),
 *     translations in a `<table>_i18n (id, lang, field, value)` table, ext values in a
 *     `topic_ext (topics_id, slug, value_json)` table;
 *   - each method is a SELECT: `topic` joins the group, the category and the tags; the open check
 *     (`isOpenNow` in policy.ts) is `topics_flg = 1 AND open_flg = 1 AND (start IS NULL OR start <=
 *     :at) AND (end IS NULL OR end > :at)`; member visibility (`memberVisibleTo`) is an EXISTS over
 *     member_groups and the viewer's groups; `comments` is ORDER BY inst_ymdhi, comment_id with LIMIT;
 *     `favoriteCount` is COUNT(*); `csvTable`'s `where` (a `FilterExpr`, filter.ts) compiles to a
 *     WHERE clause with bound parameters (never spliced text), its columns being already checked
 *     against `allow_list` by the plugin;
 *   - `updateCounter` is one transaction: `UPDATE topic_ext SET value_json = ... WHERE ...`
 *     returning the new value;
 *   - the records it returns have the same keys in the same order (the shapes below and the docs’ site-folder guide),
 *     so the same tests (test/data-*.test.ts on the example content) pass on it;
 *   - a host passes it as `loadSite(fs, { content: sqliteContentStore(db) })`.
 *
 * Failures: a method throws an `IoFailure` (failure.ts) for a malformed store (IO_PARSE) or a query
 * it cannot answer (IO_BAD_VALUE, IO_NO_RECORD for updateCounter); a record that does not exist, or
 * exists but may not be seen, is not a failure: lookups answer `Found` with the reason.
 */

/** a JSON value: what records are made of */
export type ContentValue = null | boolean | number | string | ContentValue[] | ContentRecord;

/** one record, its keys in the order they should show in the template */
export interface ContentRecord {
  [key: string]: ContentValue;
}

/** the answer of a lookup by id: the record, or why there is none */
export type Found<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** `missing`: no such record; `hidden`: it exists, but is closed or may not be seen */
      reason: 'missing' | 'hidden';
      /** for the log: "topics 3 is closed (open_flg 0)" */
      message: string;
    };

/** "open at this instant": the plugins' chk_open_flg */
export interface OpenCheck {
  /** ms since the epoch (the render's clock) */
  at: number;
}

/** who is looking: the member logged in for this render, or null */
export interface Viewer {
  memberId: number | null;
}

export interface TopicQuery {
  /** language of multilingual values; absent: the store's default language */
  lang?: string;
  /** only if open at that instant; absent: closed content too */
  open?: OpenCheck;
}

export interface MemberQuery {
  /** only if visible to this viewer by group; absent: viewing permissions are ignored */
  viewer?: Viewer;
  /** adds `groups: [{group_id, group_nm}]` */
  withGroups?: boolean;
  lang?: string;
}

export interface OrderKey {
  field: string;
  desc: boolean;
}

/** the fields `tags` may be ordered by */
export const TAG_ORDER_FIELDS = [
  'tag_id',
  'tag_nm',
  'tag_category_id',
  'ord_no',
  'inst_ymdhi',
  'update_ymdhi',
] as const;

export interface CommentQuery {
  /** topics, member, ... */
  moduleType: string;
  /** absent: every record of the module type */
  moduleId?: number;
  newestFirst: boolean;
  /** at most this many; 0: all */
  limit: number;
  /** leave out comments of topics that are not open then */
  open?: OpenCheck;
}

export interface FavoriteQuery {
  moduleType: string;
  /** absent: every record of the module type */
  moduleId?: number;
  /** only favourites made at or after this instant (ms) */
  since?: number;
  /** only this action type ('0' is like); absent: '0' */
  actionType?: string;
  /** only this member's */
  memberId?: number;
  /** only this visitor's (a visitor without a login, known by a cookie) */
  cookie?: string;
}

/** one favourite, for counting by record or by period */
export interface FavoriteHit {
  moduleId: number;
  /** when it was made (ms), null when the store does not know */
  at: number | null;
}

export interface RelationTagQuery {
  /** topics, member, ... */
  module: string;
  moduleId: number;
  /** only tags of this category */
  categoryId?: number;
  /** the relation given by the template (tag ids) instead of the stored one */
  tagIds?: number[];
  lang?: string;
}

export interface RelationTags {
  tags: ContentRecord[];
  /** ids of `tagIds` that name no tag */
  unknownIds: number[];
}

/** a filter's syntax tree (filter.ts parses it; a store evaluates or compiles it) */
export type FilterExpr =
  | { kind: 'and' | 'or'; left: FilterExpr; right: FilterExpr }
  | { kind: 'not'; expr: FilterExpr }
  | {
      kind: 'cmp';
      column: string;
      op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains' | 'not contains';
      value: FilterLiteral;
    }
  | { kind: 'in' | 'not in'; column: string; values: FilterLiteral[] };

export type FilterLiteral = string | number | boolean | null;

export interface CsvTableQuery {
  lang?: string;
  /** only rows that match (columns by name) */
  where?: FilterExpr;
}

export interface CsvTable {
  csvtable_id: number;
  /** column names, for filters and allow_list (`col_0`, `col_1`, ... when the table names none) */
  columns: string[];
  /** the rows, each a list of cells by column position */
  rows: ContentValue[][];
}

export interface CounterUpdate {
  topicsGroupId: number;
  /** the topic: its topics_id, or its slug */
  topic: number | string;
  /** the ext column: its id, or its slug (or `ext_col_NN`) */
  column: number | string;
  /** position in a repeating column, from 0 */
  index?: number;
  /** added to the value (negative subtracts) */
  by: number;
}

export interface ContentStore {
  /** how messages and `sumi render --verbose` name it */
  readonly label: string;
  /** a content detail record (DIALECT.md "Content detail record") */
  topic(id: number, query: TopicQuery): Promise<Found<ContentRecord>>;
  /** the categories of a topics group, by ord_no */
  topicsCategories(topicsGroupId: number, query: { lang?: string }): Promise<Found<ContentRecord[]>>;
  member(id: number, query: MemberQuery): Promise<Found<ContentRecord>>;
  /** a member group: group_id, group_nm, ... */
  group(id: number, query: { lang?: string }): Promise<Found<ContentRecord>>;
  /** the tags of a tag category; `order` empty: ord_no, then tag_id */
  tags(categoryId: number, query: { order: OrderKey[]; lang?: string }): Promise<Found<ContentRecord[]>>;
  /** every tag category by ord_no; `tree`: the roots, each with its `children` */
  tagCategories(query: { lang?: string; tree: boolean }): Promise<ContentRecord[]>;
  relationTags(query: RelationTagQuery): Promise<RelationTags>;
  comments(query: CommentQuery): Promise<ContentRecord[]>;
  favoriteCount(query: FavoriteQuery): Promise<number>;
  favoriteHits(query: FavoriteQuery): Promise<FavoriteHit[]>;
  csvTable(id: number, query: CsvTableQuery): Promise<Found<CsvTable>>;
  /** adds `by` to an ext column of a topic, durably (atomically for a file); the new value */
  updateCounter(update: CounterUpdate): Promise<number>;
  /**
   * read_file's question for /files/topics/<id>/: does content `topicsId` exist and is it open at
   * `at` (ms; default: now)? `memberId` (null: nobody logged in) is the reader, for stores that
   * restrict contents to members; the fixture store has no such restriction.
   */
  isTopicOpen(topicsId: number, memberId: number | null, at?: number): boolean | Promise<boolean>;
  /** read_file's question for /files/member/<id>/: may `memberId` see member `ownerId` (open_by_group's rule)? */
  isMemberVisible(ownerId: number, memberId: number | null): boolean | Promise<boolean>;
}
