export interface ParseOptions {
  /** default `{` */
  leftDelimiter?: string;
  /** default `}` */
  rightDelimiter?: string;
  /** block plugin tag names beyond the core ones (e.g. read_dir, read_file); textformat is always known */
  blockTags?: Iterable<string>;
  /** used in messages and by `parseOrThrow` */
  templateName?: string;
}
