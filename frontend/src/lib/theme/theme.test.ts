import { createTestStorage } from '../session/test-storage';
import { readThemePreference, resolveTheme, THEME_STORAGE_KEY, writeThemePreference } from './theme';

describe('theme preference', () => {
  it('follows the system until a choice is stored', () => {
    expect(readThemePreference(createTestStorage())).toBe('system');
    expect(readThemePreference(null)).toBe('system');
    expect(readThemePreference(createTestStorage({ [THEME_STORAGE_KEY]: 'sepia' }))).toBe('system');
  });

  it('remembers light and dark, and forgets the key for "system"', () => {
    const storage = createTestStorage();
    writeThemePreference(storage, 'dark');
    expect(readThemePreference(storage)).toBe('dark');
    writeThemePreference(storage, 'light');
    expect(storage.dump()).toEqual({ [THEME_STORAGE_KEY]: 'light' });
    writeThemePreference(storage, 'system');
    expect(storage.dump()).toEqual({});
  });

  it('still answers when storage throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    expect(readThemePreference(broken)).toBe('system');
    expect(() => writeThemePreference(broken, 'dark')).not.toThrow();
  });

  it('resolves "system" with the system setting; a choice wins over it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
