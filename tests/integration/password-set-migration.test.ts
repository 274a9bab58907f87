import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '../../backend/src/app/database';
import { migrationBefore, sqlOn } from '../support/migrations';
import { createDatabase } from '../support/test-app';

/**
 * The migration that brings users.password_set finds the accounts single
 * sign-on opened before it (their link made with the account, no password
 * changed since), so their profile offers to set a password instead of
 * asking for one nobody knows; every other account keeps asking.
 */
const PASSWORD_SET_MIGRATION = 'Migration20261205000000';
const before = migrationBefore(PASSWORD_SET_MIGRATION);

let orm: MikroORM;
beforeAll(async () => {
  orm = await openDatabase(await createDatabase());
});
afterAll(() => orm.close());

const run = <T = Record<string, unknown>>(sql: string, values: unknown[] = []) => sqlOn(orm)<T>(sql, values);

async function account(email: string, linkedAfter: string | null): Promise<string> {
  const [user] = await run<{ id: string }>(
    `INSERT INTO users (id, email, first_name, last_name, password_hash, created_at) VALUES (gen_random_uuid(), ?, 'Ada', 'Lovelace', 'x', now() - interval '30 days') RETURNING id`,
    [email],
  );
  if (linkedAfter !== null) {
    await run(
      `INSERT INTO oidc_identities (id, user_id, issuer, subject, created_at) VALUES (gen_random_uuid(), ?, 'https://id.example.com', ?, now() - interval '30 days' + ?::interval)`,
      [user.id, email, linkedAfter],
    );
  }
  return user.id;
}

it('marks the accounts single sign-on opened, and no other, as having no password their holder chose', async () => {
  await orm.getMigrator().down({ to: before });
  const opened = await account('opened@example.com', '1 second');
  const openedThenReset = await account('reset@example.com', '1 second');
  await run(`INSERT INTO activity_log (user_id, workspace_id, kind, details) SELECT ?, id, 'password_changed', '{"via":"reset"}' FROM workspaces WHERE personal_user_id = ?`, [
    openedThenReset,
    openedThenReset,
  ]);
  const linkedLater = await account('linked@example.com', '2 days');
  const passwordOnly = await account('password@example.com', null);

  await orm.getMigrator().up();

  const rows = await run<{ id: string; password_set: boolean }>('SELECT id, password_set FROM users WHERE id IN (?, ?, ?, ?)', [opened, openedThenReset, linkedLater, passwordOnly]);
  const setOf = new Map(rows.map((row) => [row.id, row.password_set]));
  expect([setOf.get(opened), setOf.get(openedThenReset), setOf.get(linkedLater), setOf.get(passwordOnly)]).toEqual([false, true, true, true]);
});
