/**
 * The parser and the facts the editor reads, loaded once and on first use (the metadata file is
 * its own chunk, so the page does not pay for it up front); and the parse of the current text,
 * kept for the last text seen (completion, hover and matching ask about one text many times).
 */
import type { parse as ParseFn, Template, Token } from '@sumi/parser';
import { type EditorMetaFile, type Facts, indexFacts, isBlockTag } from './meta';
import { scanTags, type TagRef } from './tags';

/** The parts of @sumi/parser the editor uses. */
export interface Parser {
  parse: typeof ParseFn;
  tokenize(source: string): Token[];
  SMARTY_VARS: Record<
    string,
    { description: string; key?: string; props?: Record<string, { description: string }> }
  >;
  CORE_TAGS: Record<string, { block: boolean }>;
}

// absent until the reference generator has run (a fresh checkout): then there are no facts
const files = import.meta.glob<EditorMetaFile>('../generated/editor-meta.json', { import: 'default' });

let pending: Promise<Facts | null> | null = null;

/** The facts, loaded once; null when the build produced none. */
export function loadFacts(): Promise<Facts | null> {
  pending ??= (async () => {
    const load = Object.values(files)[0];
    if (!load) return null;
    return indexFacts(await load());
  })().catch(() => null);
  return pending;
}

let parserPending: Promise<Parser | null> | null = null;

/** @sumi/parser, or null while it is not built (scripts/vite-sumi-guard.mjs). */
export function loadParser(): Promise<Parser | null> {
  parserPending ??= import('@sumi/parser')
    .then((mod) => {
      const m = mod as unknown as Partial<Parser> & { __sumiMissing?: string };
      return m.__sumiMissing || typeof m.parse !== 'function' || typeof m.tokenize !== 'function'
        ? null
        : (m as Parser);
    })
    .catch(() => null);
  return parserPending;
}

export interface Analysis {
  source: string;
  tokens: Token[];
  tags: TagRef[];
  /** parsed with the registry's block and loop tags, as the compiler parses */
  ast: Template;
}

/** Block tags: from the facts (every plugin's), else the parser's core tags. */
export function blockTest(parser: Parser, facts: Facts | null): (name: string) => boolean {
  if (facts) {
    return (name) => {
      const t = facts.tags.get(name);
      return t !== undefined && isBlockTag(t);
    };
  }
  return (name) => Object.hasOwn(parser.CORE_TAGS, name) && parser.CORE_TAGS[name].block;
}

let last: { analysis: Analysis; facts: Facts | null } | null = null;

export function analyze(source: string, parser: Parser, facts: Facts | null): Analysis {
  if (last && last.analysis.source === source && last.facts === facts) return last.analysis;
  let tokens: Token[];
  try {
    tokens = parser.tokenize(source);
  } catch {
    tokens = [];
  }
  const isBlock = blockTest(parser, facts);
  const blocks: string[] = [];
  const loops: string[] = [];
  for (const [name, t] of facts?.tags ?? []) {
    if (isBlockTag(t)) blocks.push(name);
    if (t.kind === 'block' && t.loop) loops.push(name);
  }
  const { ast } = parser.parse(source, { blockTags: blocks, loopTags: loops });
  const analysis = { source, tokens, tags: scanTags(source, tokens, isBlock), ast };
  last = { analysis, facts };
  return analysis;
}
