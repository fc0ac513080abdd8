/**
 * The parsed form of a PCRE2 pattern body. Character values are pattern units:
 * bytes (0-255) without `u`, code points with `u`.
 */
import type { ClassSpec } from './charsets';

export type AssertKind =
  /** ^ without m, \A */
  | 'start'
  /** ^ with m: start, or after a \n that is not the last character */
  | 'lineStart'
  /** $ without m or D, \Z: end, or before a final \n */
  | 'endOrFinalNewline'
  /** $ with D, \z */
  | 'end'
  /** $ with m: end, or before any \n */
  | 'lineEnd'
  | 'wordBoundary'
  | 'notWordBoundary';

export type GroupKind =
  | 'capture'
  | 'plain'
  | 'atomic'
  | 'lookahead'
  | 'negLookahead'
  | 'lookbehind'
  | 'negLookbehind';

export type Node =
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; branches: Node[] }
  | { t: 'char'; value: number; ci: boolean }
  | { t: 'set'; spec: ClassSpec; ci: boolean }
  | { t: 'assert'; kind: AssertKind }
  | GroupNode
  | QuantNode
  | BackrefNode;

export interface GroupNode {
  t: 'group';
  kind: GroupKind;
  body: Node;
  /** capture number (capture groups only) */
  index: number;
  name: string | null;
  offset: number;
  /** ancestors from the root to the parent (for the analyses) */
  path: Node[];
}

export interface QuantNode {
  t: 'quant';
  body: Node;
  min: number;
  /** Infinity for no upper bound */
  max: number;
  greedy: boolean;
  possessive: boolean;
}

export interface BackrefNode {
  t: 'backref';
  /** capture number once resolved */
  index: number;
  /** the name when written by name */
  name: string | null;
  ci: boolean;
  offset: number;
  path: Node[];
}
