import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
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
