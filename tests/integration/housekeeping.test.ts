import { sweepExpiredAuthState } from '../../backend/src/auth/housekeeping';
import { GOOD_PASSWORD, signUpUser, startTestApp, type TestApp } from '../support/test-app';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../backend/src/app/orm-config';

let app: TestApp;
let orm: MikroORM;
beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000' });
  orm = await MikroORM.init(ormConfig(app.databaseUrl));
});
afterAll(async () => {
  await orm.close();
  await app.close();
});

const count = async (table: string) => Number((await app.sql(`SELECT count(*) AS n FROM ${table}`))[0].n);

it('deletes only auth state nobody can use any more, and live sessions keep working', async () => {
  const live = await signUpUser(app);
  const stale = await signUpUser(app);
  await app.rest('POST', '/api/auth/forgot-password', { email: stale.email });
  await app.rest('POST', '/api/auth/signin', { email: stale.email, password: 'Wrong!Passw0rd' }, { ip: '10.9.9.9' });

  // Age the stale user's state past every retention period.
  await app.sql(`UPDATE sessions SET expires_at = now() - interval '31 days' WHERE user_id = $1`, [stale.user.id]);
  await app.sql(`UPDATE one_time_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [stale.user.id]);
  await app.sql(`UPDATE sign_in_attempts SET pending_until = now() - interval '3 hours' WHERE client_key = '10.9.9.9'`);
  await app.sql(`UPDATE rate_limit_buckets SET window_start = now() - interval '3 hours'`);
  // A sign-in that waited for its second factor past its 5 minutes, beside one still waiting.
  await app.sql(`INSERT INTO mfa_challenges (token_hash, user_id, expires_at) VALUES ($1, $3, now() - interval '1 minute'), ($2, $3, now() + interval '5 minutes')`, [
    'a'.repeat(64),
    'b'.repeat(64),
    stale.user.id,
  ]);
  const before = { sessions: await count('sessions'), tokens: await count('one_time_tokens') };

  const swept = await sweepExpiredAuthState(orm.em.fork());

  expect(swept).toEqual({ sessions: 1, tokens: 2, buckets: expect.any(Number), signInAttempts: 1, mfaChallenges: 1, webAuthnChallenges: expect.any(Number) });
  expect(swept.buckets).toBeGreaterThan(0);
  expect(await count('sessions')).toBe(before.sessions - 1);
  expect(await count('one_time_tokens')).toBe(before.tokens - 2);
  expect(await count('rate_limit_buckets')).toBe(0);
  expect(await app.sql('SELECT token_hash FROM mfa_challenges')).toEqual([{ token_hash: 'b'.repeat(64) }]);
  // The live user's session and pending verification link survive.
  expect((await app.rest('GET', '/api/users/profile/me', undefined, { token: live.token })).status).toBe(200);
  expect(await app.sql('SELECT 1 FROM one_time_tokens WHERE user_id = $1', [live.user.id])).toHaveLength(1);
  expect((await app.rest('POST', '/api/auth/signin', { email: live.email, password: GOOD_PASSWORD })).status).toBe(200);
});
