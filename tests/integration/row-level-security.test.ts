import { Client } from 'pg';
import { openAppDatabases, type AppDatabases } from '../../backend/src/app/database';
import { enterWorkspace, inWorkspaceScope } from '../../backend/src/db/workspace-scope';
import { createProduct } from '../support/products';
import { appRoleUrlOf, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * The second wall behind the service layer's scoping: the role requests are
 * served as is held by row-level security to the workspace its connection
 * has set, and a statement that sets none sees no row of a workspace-owned
 * table. Everything here runs on the real PostgreSQL, as the app role.
 */

/** The tables that carry a workspace_id but stay outside the wall: what a request reads to learn which workspace it may enter. */
const ACCESS_TABLES = ['api_tokens', 'workspace_invitations', 'workspace_members'];

let app: TestApp;
let appRole: Client;
let alice: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;

const setWorkspace = (client: Client, workspaceId: string) => client.query(`SELECT set_config('stockroom.workspace_id', $1, false)`, [workspaceId]);

beforeAll(async () => {
  app = await startTestApp({ WORKER: '0' });
  [alice, bob] = [await signUpUser(app), await signUpUser(app)];
  for (const [owner, name] of [[alice, 'Alice widget'], [alice, 'Alice gadget'], [bob, 'Bob widget']] as const) await createProduct(app, owner.token, { name, quantity: 3 });
  appRole = new Client({ connectionString: app.config.databaseAppUrl });
  await appRole.connect();
});
afterAll(async () => {
  await appRole?.end();
  await app?.close();
});

describe('the app role', () => {
  it('is the role requests are served as, and is neither superuser nor BYPASSRLS: a login of its own, not a SET ROLE', async () => {
    expect(new URL(app.config.databaseAppUrl!).username).toBe('stockroom_app');
    const [role] = await app.sql(`SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'stockroom_app'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: true });
    // The serving pool's connections log in as it (the owner's pool and the test's own client log in as postgres).
    const served = await app.sql(`SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND usename = 'stockroom_app'`);
    expect(served).toEqual([{ usename: 'stockroom_app' }]);
    const [session] = (await appRole.query(`SELECT session_user::text, current_user::text`)).rows;
    expect(session).toEqual({ session_user: 'stockroom_app', current_user: 'stockroom_app' });
  });

  it('must be one: start-up refuses a superuser as DATABASE_APP_URL, and a role that does not exist', async () => {
    await expect(openAppDatabases(app.databaseUrl, app.databaseUrl)).rejects.toThrow(/"postgres" is a superuser or has BYPASSRLS/);
    const missing = new URL(app.databaseUrl);
    missing.username = 'no_such_role';
    await expect(openAppDatabases(app.databaseUrl, missing.toString())).rejects.toThrow(/"no_such_role" does not exist/);
  });

  it('sees no row of a workspace-owned table without the setting, though the owner sees them all', async () => {
    expect((await app.sql('SELECT count(*)::int AS n FROM products'))[0].n).toBe(3);
    const fresh = new Client({ connectionString: app.config.databaseAppUrl });
    await fresh.connect();
    try {
      expect((await fresh.query('SELECT * FROM products')).rows).toEqual([]);
      for (const table of ['stock_movements', 'activity_log', 'catalogue_stats', 'notification_settings']) {
        expect({ table, rows: (await fresh.query(`SELECT * FROM ${table}`)).rows }).toEqual({ table, rows: [] });
      }
      // An empty setting, as a connection reset between requests has, is no workspace either.
      await setWorkspace(fresh, '');
      expect((await fresh.query('SELECT * FROM products')).rows).toEqual([]);
    } finally {
      await fresh.end();
    }
  });

  it("sees only its workspace's rows with the setting, and may not write another's", async () => {
    await setWorkspace(appRole, alice.workspaceId);
    const names = (await appRole.query('SELECT name FROM products ORDER BY name')).rows.map((row) => row.name);
    expect(names).toEqual(['Alice gadget', 'Alice widget']);
    // Even asked for by the other workspace's id.
    expect((await appRole.query('SELECT * FROM products WHERE workspace_id = $1', [bob.workspaceId])).rows).toEqual([]);
    const [bobs] = await app.sql(`SELECT id FROM products WHERE workspace_id = $1`, [bob.workspaceId]);
    expect((await appRole.query(`UPDATE products SET name = 'Taken' WHERE id = $1`, [bobs.id])).rowCount).toBe(0);
    expect((await appRole.query(`DELETE FROM products WHERE id = $1`, [bobs.id])).rowCount).toBe(0);
    await expect(
      appRole.query(`INSERT INTO products (id, workspace_id, created_by, name, price, quantity) VALUES (gen_random_uuid(), $1, $2, 'Planted', 1, 1)`, [
        bob.workspaceId,
        alice.user.id,
      ]),
    ).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/row-level security/) });
    // Nor move one of its own rows out to another workspace.
    await expect(appRole.query(`UPDATE products SET workspace_id = $1 WHERE name = 'Alice gadget'`, [bob.workspaceId])).rejects.toMatchObject({ code: '42501' });
    expect(await app.sql(`SELECT name FROM products WHERE workspace_id = $1`, [bob.workspaceId])).toEqual([{ name: 'Bob widget' }]);
  });

  it('has row-level security on every table with a workspace_id but the ones that say which workspaces a caller may enter', async () => {
    const tables = await app.sql<{ table: string; secured: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname AS table, c.relrowsecurity AS secured, c.relforcerowsecurity AS forced, (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'workspace_id' AND NOT a.attisdropped)
       ORDER BY 1`,
    );
    expect(tables.filter((row) => !row.secured).map((row) => row.table)).toEqual(ACCESS_TABLES);
    // Not forced: the schema's owner (migrations, jobs that span workspaces) is not held by them.
    expect(tables.filter((row) => row.secured)).toEqual(tables.filter((row) => row.secured).map((row) => ({ ...row, forced: false, policies: 1 })));
    expect(tables.filter((row) => row.secured).length).toBeGreaterThanOrEqual(9);
  });
});

describe('the serving pool', () => {
  let databases: AppDatabases;
  beforeAll(async () => {
    // One connection: every statement below runs on the same one, so whatever a request left on it would show.
    databases = await openAppDatabases(app.databaseUrl, appRoleUrlOf(app.databaseUrl), { poolMax: 1 });
  });
  afterAll(async () => {
    await databases?.orm.close();
    await databases?.ownerOrm.close();
  });

  /** The product names the statement sees, and which server process (so which connection) answered. */
  const read = async () => {
    const sql = `SELECT coalesce(array_agg(name ORDER BY name), '{}') AS names, pg_backend_pid() AS pid FROM products`;
    const { rows } = await databases.orm.em.getKnex().raw<{ rows: Array<{ names: string[]; pid: number }> }>(sql);
    return rows[0];
  };
  /** A request's handling: its own scope, entered into `workspaceId` once its membership is known (never, when undefined). */
  const request = (workspaceId?: string) =>
    inWorkspaceScope(async () => {
      if (workspaceId) enterWorkspace(workspaceId);
      return read();
    });

  it('never hands a workspace on to the next request through a pooled connection', async () => {
    const first = await request(alice.workspaceId);
    expect(first.names).toEqual(['Alice gadget', 'Alice widget']);
    const next = await request();
    expect(next).toEqual({ names: [], pid: first.pid });
    expect(await request(bob.workspaceId)).toEqual({ names: ['Bob widget'], pid: first.pid });
    // Nor to work outside any request (a job on the serving pool).
    expect(await read()).toEqual({ names: [], pid: first.pid });
  });

  it('keeps requests in flight together apart, though they share the one connection in turn', async () => {
    const answers = await Promise.all([alice.workspaceId, bob.workspaceId, undefined, alice.workspaceId, bob.workspaceId].map((id) => request(id)));
    expect(answers.map((answer) => answer.names)).toEqual([['Alice gadget', 'Alice widget'], ['Bob widget'], [], ['Alice gadget', 'Alice widget'], ['Bob widget']]);
  });

  it('serves the workspace a request enters partway, after statements it ran in none', async () => {
    const names = await inWorkspaceScope(async () => {
      const before = await read();
      enterWorkspace(bob.workspaceId);
      return [before.names, (await read()).names];
    });
    expect(names).toEqual([[], ['Bob widget']]);
  });
});
