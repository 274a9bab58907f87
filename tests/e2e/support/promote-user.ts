import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { createUserWithSession, useSessionInBrowser, type TestUser } from './api';
import type { GuardedSession } from './browser';
import { e2eEnv } from './env';

const repoRoot = resolve(__dirname, '../../..');

/**
 * Makes an account an Admin the only way the app offers (no API raises a
 * role): the built `npm run user:promote` script, pointed at the e2e
 * server's DATA_DIR, where it finds the running embedded PostgreSQL.
 */
export async function promoteUser(email: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2eEnv().dataDir };
  delete env.DATABASE_URL;
  await promisify(execFile)(process.execPath, [resolve(repoRoot, 'backend/dist/scripts/promote-user.js'), email], { cwd: repoRoot, env });
}

/** A fresh Admin (promoted as above) whose browser tab is already signed in. */
export async function signedInAdmin(s: GuardedSession, tag = 'admin'): Promise<TestUser> {
  const { user, session } = await createUserWithSession(tag);
  await promoteUser(user.email);
  await useSessionInBrowser(s.context, session);
  return user;
}
