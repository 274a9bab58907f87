import type { KeyValueStorage } from '../session/storage';

/** What the person chose in the user menu: follow the system's setting, or always light, or always dark. */
export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'stockroom_theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The stored choice; anything else (nothing yet, a value from another version) means "follow the system". */
export function readThemePreference(storage: KeyValueStorage | null): ThemePreference {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(THEME_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw (disabled cookies, a sandboxed frame): the system's setting still applies.
  }
  return THEME_PREFERENCES.find((p) => p === stored) ?? 'system';
}

export function writeThemePreference(storage: KeyValueStorage | null, preference: ThemePreference): void {
  try {
    if (preference === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered, but the choice still applies to this tab.
  }
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
