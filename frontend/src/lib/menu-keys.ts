import type { KeyboardEvent } from 'react';

/** The keys a menu answers, and where each sends focus among `count` items from item `at` (-1: none focused). */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at <= 0 ? count : at) - 1,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * Arrow keys, Home and End move focus between a menu's items (wrapping
 * around), as in any menu; Tab still leaves it. `items` selects the items
 * inside the element the handler is on.
 */
export function moveMenuFocus(event: KeyboardEvent<HTMLElement>, items = '[role="menuitem"]:not([aria-disabled="true"])'): void {
  const move = MOVES[event.key];
  if (!move) return;
  const elements = [...event.currentTarget.querySelectorAll<HTMLElement>(items)];
  if (elements.length === 0) return;
  event.preventDefault();
  elements[move(elements.indexOf(document.activeElement as HTMLElement), elements.length)]!.focus();
}
