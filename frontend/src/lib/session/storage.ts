import { TOKEN_EXPIRATION_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@stockroom/schema';

/** The part of the Web Storage API the session code needs; tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Keys earlier versions of the client (and other apps on the same origin)
 * left behind. Sign-out removes them too so no stale identity survives.
 */
export const LEGACY_AUTH_STORAGE_KEYS = [
  'mean_user',
  'mean_refresh_token',
  'auth_token',
  'token',
  'user',
  'currentUser',
] as const;

export interface StoredSession {
  token: string | null;
  expiresAt: number | null;
}

export function readStoredSession(storage: KeyValueStorage): StoredSession {
  const token = storage.getItem(TOKEN_STORAGE_KEY);
  const rawExpiry = storage.getItem(TOKEN_EXPIRATION_STORAGE_KEY);
  const expiresAt = rawExpiry === null || rawExpiry.trim() === '' ? null : Number(rawExpiry);
  return {
    token: token === null || token === '' ? null : token,
    expiresAt: expiresAt === null || !Number.isFinite(expiresAt) ? null : expiresAt,
  };
}

/** The expiry is written in milliseconds since the epoch, as a string: the format (like the keys) a session stored by the earlier client used, so it still restores. */
export function writeStoredSession(storage: KeyValueStorage, token: string, expiresAt: number): void {
  storage.setItem(TOKEN_STORAGE_KEY, token);
  storage.setItem(TOKEN_EXPIRATION_STORAGE_KEY, String(expiresAt));
}

/** Removes only the token and its expiry (a failed restore). */
export function removeStoredSession(storage: KeyValueStorage): void {
  storage.removeItem(TOKEN_STORAGE_KEY);
  storage.removeItem(TOKEN_EXPIRATION_STORAGE_KEY);
}

/** Sign-out: token, expiry and every legacy key, from each storage given. */
export function clearAllAuthStorage(storages: readonly KeyValueStorage[]): void {
  for (const storage of storages) {
    removeStoredSession(storage);
    for (const key of LEGACY_AUTH_STORAGE_KEYS) storage.removeItem(key);
  }
}

const memoryStorage = (): KeyValueStorage => {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
};

/**
 * Storage access throws in some privacy modes; the app then keeps the session
 * in memory for the tab instead of crashing.
 */
function safeStorage(pick: () => Storage): KeyValueStorage {
  try {
    const storage = pick();
    const probe = '__stockroom_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

let browserStorages: { local: KeyValueStorage; session: KeyValueStorage } | undefined;

export function getBrowserStorages() {
  browserStorages ??= {
    local: safeStorage(() => window.localStorage),
    session: safeStorage(() => window.sessionStorage),
  };
  return browserStorages;
}

/** The token the auth link sends; null when signed out. */
export function readBrowserToken(): string | null {
  return readStoredSession(getBrowserStorages().local).token;
}
