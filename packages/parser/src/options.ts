export interface ParseOptions {
  /** default `{` */
  leftDelimiter?: string;
  /** default `}` */
  rightDelimiter?: string;
  /** block plugin tag names beyond the core ones (e.g. read_dir, read_file); textformat is always known */
  blockTags?: Iterable<string>;
  /** of those, the ones that repeat their body (read_dir, read_file): `{break}`/`{continue}` may be used inside */
  loopTags?: Iterable<string>;
  /** used in messages and by `parseOrThrow` */
  templateName?: string;
}
