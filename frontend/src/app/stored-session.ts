import { createContext } from 'react';
import { PLACEHOLDER_USER } from '../lib/session/auth-state';
import { readBrowserToken } from '../lib/session/storage';

/**
 * Whether a session is stored, read synchronously before the session check has
 * run: the shell then lays out the signed-in screen (side navigation included)
 * from the first paint instead of moving the content aside once the check
 * answers. Only a guess: the check still decides. The build-time page shells
 * have no storage and say outright which kind of screen they render.
 */
export const StoredSessionContext = createContext<() => boolean>(() => readBrowserToken() !== null);

/** Who the header shows until the stored session's profile has loaded. */
export const AWAITED_USER = PLACEHOLDER_USER;
