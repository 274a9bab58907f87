import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { parse as parseYaml } from 'yaml';
import { createProduct } from '../support/products';
import { startScratchCluster, type ScratchCluster } from '../support/scratch-cluster';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * docker/compose.yaml's database as the postgres image sets it up, without Docker: a fresh cluster
 * whose superuser and database are the compose file's POSTGRES_USER and POSTGRES_DB, then every
 * .sql file of the folder mounted at /docker-entrypoint-initdb.d, run by psql as the image's
 * entrypoint runs it. The app then starts on the compose file's DATABASE_URL and DATABASE_APP_URL
 * and serves requests as a role that row-level security holds.
 */

const composeDir = join(__dirname, '../../docker');
type Service = { environment?: Record<string, string>; volumes?: string[] };
const compose = parseYaml(readFileSync(join(composeDir, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { db, worker } = compose.services;

/** The secrets an operator exports before `docker compose up`. */
const SECRETS: Record<string, string> = {
  JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters',
  POSTGRES_PASSWORD: 'owner-secret-0123',
  POSTGRES_APP_PASSWORD: 'app-secret-4567',
  MINIO_ROOT_PASSWORD: 'minio-secret-89ab',
};

/** A compose value with its `${NAME:?message}` and `${NAME:-default}` references filled in as compose does. */
const interpolate = (value: string, env: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (env[name]) return env[name];
    if (kind === '-') return rest!;
    throw new Error(`compose needs ${name}: ${rest}`);
  });
const environmentOf = (service: Service) => Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value, SECRETS)]));

/** The compose file's URL, pointed at this cluster instead of the `db` service. */
const onCluster = (url: string, port: number) => url.replace('@db:5432/', `@localhost:${port}/`);

let cluster: ScratchCluster;
let port: number;
let app: TestApp;

beforeAll(async () => {
  const dbEnv = environmentOf(db);
  cluster = await startScratchCluster(dbEnv.POSTGRES_USER, dbEnv.POSTGRES_PASSWORD);
  port = cluster.port;
  const admin = new Client({ host: 'localhost', port, user: dbEnv.POSTGRES_USER, password: dbEnv.POSTGRES_PASSWORD, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbEnv.POSTGRES_DB}`);
  await admin.end();

  // The image runs *.sql of the mounted folder in name order: psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc --dbname "$POSTGRES_DB" -f <file>.
  const mount = db.volumes!.find((volume) => volume.split(':')[1] === '/docker-entrypoint-initdb.d');
  expect(mount).toBeDefined();
  const initDir = resolve(composeDir, mount!.split(':')[0]);
  const scripts = readdirSync(initDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  expect(scripts).not.toEqual([]);
  for (const script of scripts) {
    execFileSync(
      'psql',
      ['-v', 'ON_ERROR_STOP=1', '--username', dbEnv.POSTGRES_USER, '--no-password', '--no-psqlrc', '--dbname', dbEnv.POSTGRES_DB, '-f', join(initDir, script)],
      // The container's environment is the db service's; psql reaches this cluster over TCP rather than the image's socket.
      { env: { PATH: process.env.PATH, ...dbEnv, PGHOST: 'localhost', PGPORT: String(port), PGPASSWORD: dbEnv.POSTGRES_PASSWORD }, stdio: 'pipe' },
    );
  }

  const appEnv = environmentOf(worker);
  app = await startTestApp({ WORKER: '0', DATABASE_APP_URL: onCluster(appEnv.DATABASE_APP_URL, port) }, { databaseUrl: onCluster(appEnv.DATABASE_URL, port) });
}, 120_000);

afterAll(async () => {
  await app?.close();
  cluster?.stop();
});

it('creates the app role as a login that is neither superuser nor BYPASSRLS, with the password compose puts in DATABASE_APP_URL', async () => {
  const appUrl = new URL(app.config.databaseAppUrl!);
  expect(appUrl.username).toBe('stockroom_app');
  expect(appUrl.password).toBe(SECRETS.POSTGRES_APP_PASSWORD);
  expect(new URL(app.databaseUrl).username).toBe('stockroom');
  const [role] = await app.sql(`SELECT rolsuper, rolbypassrls, rolcanlogin, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = 'stockroom_app'`);
  expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: true, rolcreatedb: false, rolcreaterole: false });
});

it('serves requests as that role, which sees no workspace row without its request, while the owner sees them all', async () => {
  const alice = await signUpUser(app);
  await createProduct(app, alice.token, { name: 'Compose widget', quantity: 2 });
  const listed = await app.rest('GET', '/api/products', undefined, { token: alice.token });
  expect(listed.status).toBe(200);
  expect(listed.body.products.map((product: { name: string }) => product.name)).toEqual(['Compose widget']);
  const served = await app.sql(`SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND usename = 'stockroom_app'`);
  expect(served).toEqual([{ usename: 'stockroom_app' }]);

  expect((await app.sql('SELECT count(*)::int AS n FROM products'))[0].n).toBe(1);
  const appRole = new Client({ connectionString: app.config.databaseAppUrl });
  await appRole.connect();
  try {
    expect((await appRole.query('SELECT * FROM products')).rows).toEqual([]);
    // The grants the app gave at start, and no more: rows, not the schema.
    await expect(appRole.query('TRUNCATE products')).rejects.toThrow(/permission denied/);
  } finally {
    await appRole.end();
  }
});
