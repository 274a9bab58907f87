import { Classes } from '@blueprintjs/core';
import { useCallback, useSyncExternalStore } from 'react';
import darkStylesheetUrl from './blueprint-dark.css?url';
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

/** Blueprint's dark rules, fetched the first time the dark theme applies (vite.config.ts splits them off). */
let darkStyles: Promise<void> | null = null;

function loadDarkStyles(): Promise<void> {
  darkStyles ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    // As the page's preload of it asks (anonymous CORS), so that download is used.
    link.crossOrigin = '';
    link.href = darkStylesheetUrl;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      // Offline: the page stays light, and the next change of theme tries again.
      link.remove();
      darkStyles = null;
      reject(new Error('The dark theme did not load'));
    });
    // Right after the app's stylesheet (Blueprint's light rules, then the app's), before the pages'
    // own: in Blueprint's one stylesheet the dark rules came after the light ones they override,
    // and the pages' rules after both.
    const appStylesheet = document.querySelector('link[rel="stylesheet"]');
    if (appStylesheet) appStylesheet.after(link);
    else document.head.append(link);
  });
  return darkStyles;
}

/**
 * Blueprint's dark class goes on <body>, not on the app's root: popovers,
 * dialogs and toasts render in portals appended to <body>, and they must be
 * dark too. It goes on once the dark rules have loaded, so the page never
 * shows the dark class over light rules; the theme in force then decides.
 */
function applyTheme(body: HTMLElement, theme: Theme): void {
  if (theme === 'light') {
    body.classList.remove(Classes.DARK);
    return;
  }
  loadDarkStyles().then(
    () => body.classList.toggle(Classes.DARK, currentTheme() === 'dark'),
    () => undefined,
  );
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
