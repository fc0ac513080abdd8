/**
 * The content store's contract: what the data plugins ask, never how records are kept. The
 * default implementation reads the site's JSON fixtures (fixtures.ts); a database-backed one
 * (SQLite, say) implements the same interface and the plugins do not change.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the data plugins' work
export interface ContentStore {}
