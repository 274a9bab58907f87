import type { Statement } from '../db/sql';

/*
 * A workspace's second-factor requirement in SQL, one definition for the
 * access check (workspace.queries.ts), the workspace list, an owner's
 * turning it on (workspaces/).
 */

/** Whether the account `userSql` names (an SQL expression) has a second factor: a confirmed authenticator or a passkey. */
export const hasSecondFactorSql = (userSql: string) =>
  `(EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ${userSql} AND confirmed_at IS NOT NULL) OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = ${userSql}))`;

/** Whether the account has a second factor. */
export function hasSecondFactorStatement(userId: string): Statement {
  return { sql: `SELECT ${hasSecondFactorSql('caller.id')} AS "hasSecondFactor" FROM (SELECT ?::uuid AS id) AS caller`, values: [userId] };
}

/**
 * Whether the member `m` (workspace_members) is kept out of `w` (workspaces) by its policy: it requires a
 * second factor and they have none. Their own personal workspace always lets them in. The factor is looked
 * for only in a workspace that requires one, so the others pay nothing for the policy.
 */
export const secondFactorMissingSql = `CASE WHEN w.require_second_factor AND w.personal_user_id IS DISTINCT FROM m.user_id THEN NOT ${hasSecondFactorSql('m.user_id')} ELSE false END`;
