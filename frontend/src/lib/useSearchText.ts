import { SEARCH_DEBOUNCE_MS } from '@stockroom/schema';
import { useEffect, useState } from 'react';
import { useDebouncedCallback } from './useDebouncedCallback';

export interface SearchText {
  /** What the box shows: what is typed, at once. */
  text: string;
  /** A keystroke: shown now, committed after the debounce. */
  change(text: string): void;
  /** Enter: commit now rather than after the debounce. */
  submit(): void;
  /** Empties the box and forgets a pending commit (the caller clears the committed term). */
  clear(): void;
}

/**
 * A search box over a term kept elsewhere (the URL): `commit` gets the trimmed
 * text SEARCH_DEBOUNCE_MS after the last keystroke. When the committed term
 * changes underneath the box (back button, a link, Clear Filters) it wins,
 * and a pending commit is dropped so a stale term is never written back.
 */
export function useSearchText(committed: string, commit: (search: string) => void): SearchText {
  const [text, setText] = useState(committed);
  const debounced = useDebouncedCallback((typed: string) => commit(typed.trim()), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    debounced.cancel();
    setText((current) => (current.trim() === committed ? current : committed));
  }, [committed, debounced]);
  return {
    text,
    change: (next) => {
      setText(next);
      debounced.schedule(next);
    },
    submit: debounced.flush,
    clear: () => {
      debounced.cancel();
      setText('');
    },
  };
}
