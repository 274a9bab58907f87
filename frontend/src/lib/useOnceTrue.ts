import { useState } from 'react';

/**
 * True from the first render in which `value` is true, and from then on: what was mounted for it
 * (a lazily loaded dialog, say) stays mounted when the value turns false again, rather than being
 * taken down in the middle of its closing transition.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  // Adjusting state while rendering, as React documents for state derived from props.
  if (value && !seen) setSeen(true);
  return seen || value;
}
