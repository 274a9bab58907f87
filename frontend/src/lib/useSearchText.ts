import { SEARCH_DEBOUNCE_MS } from '@stockroom/schema';
import { useEffect, useRef, useState } from 'react';
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
 * What the box shows when the committed term changes, and whether a pending
 * commit is dropped. The echo of one of the box's own commits keeps what was
 * typed since, and its pending commit: on a slow phone the URL can follow "p"
 * after "r" is already typed, and that keystroke must not be lost. Any other
 * change (back button, a link, Clear Filters) wins: the box shows it and a
 * pending commit is dropped, so a stale term is never written back.
 */
export function onCommittedChange(typed: string, committed: string, unechoed: readonly string[]): { text: string; dropPending: boolean } {
  if (unechoed.includes(committed)) return { text: typed, dropPending: false };
  return { text: typed.trim() === committed ? typed : committed, dropPending: true };
}

/** A search box over a term kept elsewhere (the URL): `commit` gets the trimmed text SEARCH_DEBOUNCE_MS after the last keystroke. */
export function useSearchText(committed: string, commit: (search: string) => void): SearchText {
  const [text, setText] = useState(committed);
  const typed = useRef(committed);
  /** The box's commits whose change of the committed term has not come back yet, oldest first. */
  const unechoed = useRef<string[]>([]);
  const debounced = useDebouncedCallback((value: string) => {
    const term = value.trim();
    unechoed.current.push(term);
    commit(term);
  }, SEARCH_DEBOUNCE_MS);
  const show = (value: string) => {
    typed.current = value;
    setText(value);
  };
  useEffect(() => {
    const next = onCommittedChange(typed.current, committed, unechoed.current);
    const echoed = unechoed.current.indexOf(committed);
    unechoed.current = echoed === -1 ? [] : unechoed.current.slice(echoed + 1);
    if (next.dropPending) debounced.cancel();
    typed.current = next.text;
    setText(next.text);
  }, [committed, debounced]);
  return {
    text,
    change: (next) => {
      show(next);
      debounced.schedule(next);
    },
    submit: debounced.flush,
    clear: () => {
      debounced.cancel();
      show('');
    },
  };
}
