/**
 * Nesting: the spec edits object → array → object directly (3 levels); deeper levels are edited as JSON
 * with a notice. Every object and every array of objects is one level; the root object is level 1.
 */
export const DEFAULT_MAX_DEPTH = 3;

/**
 * Whether an array of objects at `arrayLevel` can be edited as cards: its items sit one level deeper,
 * and that level must be within `maxDepth`.
 */
export function cardsEditable(arrayLevel: number, maxDepth: number = DEFAULT_MAX_DEPTH): boolean {
  return arrayLevel + 1 <= maxDepth;
}
