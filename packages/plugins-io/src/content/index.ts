/**
 * The content store: its contract (types.ts), the shared rules (policy.ts), the filter language
 * (filter.ts) and the default implementation on JSON fixtures (fixtures.ts). What another store
 * implementation (a database) needs is exported here.
 */

export { matchesFilter, parseFilter } from './filter';
export { CONTENT_FILES, fixtureContentStore } from './fixtures';
export {
  byOrder,
  closedBecause,
  dateOf,
  type GroupVisibility,
  memberVisibleTo,
  own,
  parseOrder,
  setOwn,
} from './policy';
export {
  type CommentQuery,
  type ContentRecord,
  type ContentStore,
  type ContentValue,
  type CounterUpdate,
  type CsvTable,
  type CsvTableQuery,
  type FavoriteHit,
  type FavoriteQuery,
  type FilterExpr,
  type FilterLiteral,
  type Found,
  type MemberQuery,
  type OpenCheck,
  type OrderKey,
  type RelationTagQuery,
  type RelationTags,
  TAG_ORDER_FIELDS,
  type TopicQuery,
  type Viewer,
} from './types';
