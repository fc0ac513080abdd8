/**
 * The draft: the playground's template, data and context kept in localStorage, so reopening the
 * page continues where you left off. A share link (the URL fragment) wins over the draft.
 * Storage can be unavailable (blocked cookies, a full quota): the page then simply starts fresh.
 */
import { readFragment, type SharedState } from './share';

const KEY = 'sumi.playground.draft.v1';

export function loadDraft(): SharedState | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (typeof d.template !== 'string') return null;
    return {
      template: d.template,
      data: typeof d.data === 'string' ? d.data : undefined,
      context: typeof d.context === 'string' ? d.context : undefined,
    };
  } catch {
    return null;
  }
}

export function saveDraft(state: Required<SharedState>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // storage is off or full: the share link still holds the state
  }
}

/** Where the page starts: a share link, else the draft, else (empty) the first example. */
export function startingState(hash: string): SharedState & { from: 'link' | 'draft' | 'none' } {
  const shared = readFragment(hash);
  if (shared.template !== undefined) return { ...shared, from: 'link' };
  const draft = loadDraft();
  if (draft) return { ...draft, from: 'draft' };
  return { from: 'none' };
}
