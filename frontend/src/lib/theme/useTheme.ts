import { Classes } from '@blueprintjs/core';
import { useCallback, useSyncExternalStore } from 'react';
import { DARK_SCHEME_QUERY, readThemePreference, resolveTheme, writeThemePreference, type Theme, type ThemePreference } from './theme';

const listeners = new Set<() => void>();
let preference: ThemePreference = readThemePreference(safeLocalStorage());

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

function currentTheme(): Theme {
  return resolveTheme(preference, systemPrefersDark());
}

/**
 * Blueprint's dark class goes on <body>, not on the app's root: popovers,
 * dialogs and toasts render in portals appended to <body>, and they must be
 * dark too.
 */
function applyTheme(body: HTMLElement, theme: Theme): void {
  body.classList.toggle(Classes.DARK, theme === 'dark');
}

function update(): void {
  applyTheme(document.body, currentTheme());
  listeners.forEach((listener) => listener());
}

/**
 * Applies the remembered theme before the first render (no light flash on a
 * dark system) and follows the system's setting while the choice is "system".
 * Another tab's choice applies here too.
 */
export function startTheme(): void {
  applyTheme(document.body, currentTheme());
  window.matchMedia(DARK_SCHEME_QUERY).addEventListener('change', update);
  window.addEventListener('storage', () => {
    preference = readThemePreference(safeLocalStorage());
    update();
  });
}

export function setThemePreference(next: ThemePreference): void {
  preference = next;
  writeThemePreference(safeLocalStorage(), next);
  update();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's choice and the theme it gives now. */
export function useTheme(): { preference: ThemePreference; theme: Theme; setPreference(next: ThemePreference): void } {
  const current = useSyncExternalStore(subscribe, () => preference);
  const theme = useSyncExternalStore(subscribe, currentTheme);
  return { preference: current, theme, setPreference: useCallback(setThemePreference, []) };
}
