import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { defaultDatabasePoolMax } from './pool-size';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'stockroom-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'a-test-secret-that-is-long-enough-123';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'development', appUrl: 'http://localhost:3000', trustProxy: 0, jwtSecret: SECRET });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseAppUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.authRateLimit).toBeGreaterThan(0);
    expect(config).toMatchObject({ uploadRateLimit: 30, uploadRateWindowMs: 600_000, imageDecodeBacklog: 8 });
  });

  it('sizes the database pool to twice the machine’s cores, at least 4, unless DATABASE_POOL_MAX says otherwise', () => {
    expect([1, 2, 3, 8].map((cores) => defaultDatabasePoolMax(cores))).toEqual([4, 4, 6, 16]);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).databasePoolMax).toBe(defaultDatabasePoolMax(availableParallelism()));
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_POOL_MAX: '10' }).databasePoolMax).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('reads the upload limits, and a backlog of 0 (no upload waits for the decoder)', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, UPLOAD_RATE_LIMIT: '3', UPLOAD_RATE_WINDOW_MS: '5000', IMAGE_DECODE_BACKLOG: '0' });
    expect(config).toMatchObject({ uploadRateLimit: 3, uploadRateWindowMs: 5000, imageDecodeBacklog: 0 });
  });

  it('reads the per-credential request limit, 600 a minute unless set, and refuses a window past an hour', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET })).toMatchObject({ apiRateLimit: 600, apiRateWindowMs: 60_000 });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, API_RATE_LIMIT: '5', API_RATE_WINDOW_MS: '2000' })).toMatchObject({ apiRateLimit: 5, apiRateWindowMs: 2000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, API_RATE_LIMIT: '0', API_RATE_WINDOW_MS: '7200000' })).toThrow(/API_RATE_LIMIT[\s\S]*API_RATE_WINDOW_MS/);
  });

  it('writes the counted requests every second unless API_RATE_FLUSH_MS says otherwise, within 10 ms and a minute', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).apiRateFlushMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, API_RATE_FLUSH_MS: '100' }).apiRateFlushMs).toBe(100);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, API_RATE_FLUSH_MS: '5' })).toThrow(/API_RATE_FLUSH_MS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, API_RATE_FLUSH_MS: '120000' })).toThrow(/API_RATE_FLUSH_MS/);
  });

  it('keeps uploads on the disk unless S3_BUCKET is set, and then reads the S3 settings and credentials', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        S3_BUCKET: 'stock',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-3',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'key',
      }).s3,
    ).toEqual({ bucket: 'stock', region: 'eu-west-3', endpoint: 'http://minio:9000', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'key' } });
    // On AWS itself: the region of the SDK's own variable, virtual-host buckets, and the SDK's credential chain.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, S3_BUCKET: 'stock', AWS_REGION: 'us-west-2' }).s3).toEqual({
      bucket: 'stock',
      region: 'us-west-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, S3_BUCKET: 'stock', S3_FORCE_PATH_STYLE: 'yes', AWS_SECRET_ACCESS_KEY: 'key' })).toThrow(
      'Invalid configuration:\n  - S3_FORCE_PATH_STYLE must be true or false (got "yes")\n  - AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('works jobs by default, and WORKER=0 turns the workers and schedules off', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET })).toMatchObject({
      worker: true,
      jobPollIntervalMs: 2000,
      cronCheckSeconds: 30,
      housekeepingCron: '17 * * * *',
      mailRetryDelaySeconds: 10,
    });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, WORKER: '0', HOUSEKEEPING_CRON: '*/5 * * * *' })).toMatchObject({
      worker: false,
      housekeepingCron: '*/5 * * * *',
    });
  });

  it('refuses a WORKER other than 0 or 1, a cron check pg-boss cannot do, and a cron expression without five fields', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, WORKER: 'yes', CRON_CHECK_SECONDS: '60', HOUSEKEEPING_CRON: 'hourly' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/WORKER must be a whole number between 0 and 1/);
    expect(load).toThrow(/CRON_CHECK_SECONDS must be a whole number between 1 and 45/);
    expect(load).toThrow(/HOUSEKEEPING_CRON must be a cron expression of five fields \(got "hourly"\)/);
  });

  it('logs at info and serves no metrics by default; reads LOG_LEVEL and METRICS_TOKEN', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(defaults.logLevel).toBe('info');
    expect(defaults.metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', METRICS_TOKEN: 'scrape-0123456789abcdef' })).toMatchObject({
      logLevel: 'silent',
      metricsToken: 'scrape-0123456789abcdef',
    });
  });

  it('refuses an unknown LOG_LEVEL and a short METRICS_TOKEN', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'loud', METRICS_TOKEN: 'short' });
    expect(load).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)/);
    expect(load).toThrow(/METRICS_TOKEN must be at least 16 characters, without spaces/);
  });

  it("reads the app role's DATABASE_APP_URL beside DATABASE_URL, and refuses it alone", () => {
    const owner = 'postgresql://owner:secret@db/stockroom';
    const app = 'postgresql://stockroom_app:secret@db/stockroom';
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: owner, DATABASE_APP_URL: app })).toMatchObject({ databaseUrl: owner, databaseAppUrl: app });
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_APP_URL: app })).toThrow(/DATABASE_APP_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: owner, DATABASE_APP_URL: 'mysql://db/x' })).toThrow(/DATABASE_APP_URL/);
  });

  it('turns single sign-on on only with all four OIDC_ settings, and names what a partial setting lacks', () => {
    const base = { DATA_DIR: dataDir, JWT_SECRET: SECRET };
    const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'stockroom', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Example ID' };
    expect(loadConfig(base).oidc).toBeUndefined();
    expect(loadConfig({ ...base, ...oidc }).oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'stockroom',
      clientSecret: 's3cret',
      name: 'Example ID',
      allowInsecureRequests: false,
    });
    expect(() => loadConfig({ ...base, OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_NAME: 'Example ID' })).toThrow(
      /Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME together; missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
    );
  });

  it('allows an http OIDC_ISSUER on this machine only', () => {
    const oidc = { DATA_DIR: dataDir, JWT_SECRET: SECRET, OIDC_CLIENT_ID: 'stockroom', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Local ID' };
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.allowInsecureRequests).toBe(true);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER must be an https URL \(http only for localhost/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'id.example.com' })).toThrow(/OIDC_ISSUER must be a http: or https: URL/);
  });

  it('derives APP_URL from PORT and strips a trailing slash from APP_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, APP_URL: 'https://stock.example.com//' }).appUrl).toBe('https://stock.example.com');
  });

  it('lists every problem in one ConfigError', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://localhost/db',
        APP_URL: 'ftp://example.com',
        SMTP_URL: 'not a url',
        JWT_SECRET: 'short',
        AUTH_RATE_LIMIT: '0',
        TRUST_PROXY: '-1',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'NODE_ENV', 'DATABASE_URL', 'APP_URL', 'SMTP_URL', 'JWT_SECRET', 'AUTH_RATE_LIMIT', 'TRUST_PROXY']) {
      expect(message).toContain(name);
    }
    expect(message.split('\n').filter((line) => line.trim().startsWith('-'))).toHaveLength(8);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '3000.5'],
    ['DATABASE_URL', 'http://localhost/db'],
    ['APP_URL', 'javascript:alert(1)'],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['UPLOAD_RATE_LIMIT', '0'],
    ['UPLOAD_RATE_LIMIT', 'many'],
    ['UPLOAD_RATE_WINDOW_MS', '999'],
    ['UPLOAD_RATE_WINDOW_MS', '1e400'],
    ['IMAGE_DECODE_BACKLOG', '-1'],
    ['IMAGE_DECODE_BACKLOG', '2.5'],
    ['IMAGE_DECODE_BACKLOG', '1001'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, [name]: value })).toThrow(ConfigError);
  });

  it('does not write a secret file when the configuration is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x' })).toThrow(ConfigError);
    expect(() => statSync(join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('generates a strong secret once, keeps it private in DATA_DIR and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);

    const other = mkdtempSync(join(tmpdir(), 'stockroom-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).jwtSecret).not.toBe(first.jwtSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prefers JWT_SECRET over a kept secret', () => {
    loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });
});
