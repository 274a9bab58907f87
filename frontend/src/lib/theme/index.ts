export { THEME_PREFERENCES, type Theme, type ThemePreference } from './theme';
export { setThemePreference, startTheme, useTheme } from './useTheme';
