import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { png } from '../support/images';
import { GeneralMessages } from '@stockroom/schema';
import { createDatabase, signUpUser, startTestApp, type TestApp } from '../support/test-app';
import { s3Store, startS3Server } from '../support/upload-stores';
import { log } from '../../backend/src/common/log';
import { uploadSuite } from './uploads.suite';

/**
 * Image uploads kept in an S3-compatible bucket (S3_BUCKET set), here an s3rver on 127.0.0.1: the whole
 * upload suite, an image one instance stored served by another on the same bucket, and a store that
 * cannot be used (no bucket, wrong credentials, nobody listening) reported by readiness (why, in one line,
 * only to METRICS_TOKEN's holder), while the app itself starts and answers.
 */
uploadSuite(s3Store);

describe('several instances on one bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  it('serves an image uploaded through one instance from another, and a deletion through either is seen by both', async () => {
    // One JWT secret, as instances behind one load balancer share it: a token from either works on both.
    const env = s3.env(s3.newBucket(), { JWT_SECRET: 'a-secret-both-instances-share-0123456789' });
    const first = await startTestApp(env);
    const second = await startTestApp(env, { databaseUrl: first.databaseUrl });
    try {
      const { token, user } = await signUpUser(first);
      const form = new FormData();
      form.append('avatar', new Blob([png(4, 3)], { type: 'image/png' }), 'me.png');
      const uploaded = await fetch(`${first.url}/api/users/${user.id}/avatar`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(uploaded.status).toBe(200);
      const { avatar } = ((await uploaded.json()) as { user: { avatar: string } }).user;

      const fromFirst = await fetch(first.url + avatar);
      const fromSecond = await fetch(second.url + avatar);
      expect([fromFirst.status, fromSecond.status]).toEqual([200, 200]);
      expect(fromSecond.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await fromSecond.arrayBuffer()).equals(Buffer.from(await fromFirst.arrayBuffer()))).toBe(true);

      expect((await second.rest('DELETE', `/api/users/${user.id}/avatar`, undefined, { token })).status).toBe(200);
      expect((await fetch(first.url + avatar)).status).toBe(404);
      expect(s3.objectNames(env.S3_BUCKET)).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

/** An HTTP proxy in front of the store that counts the requests it passes on, by method; the Host header goes through as the client signed it. */
async function countingProxy(target: string) {
  const counts: Record<string, number> = {};
  const { hostname, port } = new URL(target);
  const server: Server = createServer((req, res) => {
    counts[req.method!] = (counts[req.method!] ?? 0) + 1;
    const onward = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('readiness and the store', () => {
  it('asks the store at most once per 10 s however often readiness is polled', async () => {
    const s3 = await startS3Server();
    const proxy = await countingProxy(s3.endpoint);
    const app = await startTestApp({ ...s3.env(s3.newBucket()), S3_ENDPOINT: proxy.endpoint });
    try {
      const before = proxy.counts.HEAD ?? 0;
      const polls = await Promise.all(Array.from({ length: 5 }, () => app.rest('GET', '/api/health/ready')));
      for (let i = 0; i < 5; i += 1) polls.push(await app.rest('GET', '/api/health/ready'));
      expect(polls.map((answer) => answer.body.storage)).toEqual(Array(10).fill('up'));
      expect((proxy.counts.HEAD ?? 0) - before).toBeLessThanOrEqual(1);
    } finally {
      await app.close();
      await proxy.close();
      await s3.close();
    }
  });
});

describe('a store that cannot be used', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  const METRICS_TOKEN = 'monitoring-token-0123456789abcdef';

  /** Starts an app on `env` with METRICS_TOKEN set, and reads its readiness (as anyone and as the token's holder) and liveness. */
  async function probesOf(env: Record<string, string>) {
    let app: TestApp | undefined;
    try {
      app = await startTestApp({ ...env, METRICS_TOKEN });
      const ready = await app.rest('GET', '/api/health/ready');
      const readyToMonitoring = await app.rest('GET', '/api/health/ready', undefined, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const readyToAWrongToken = await app.rest('GET', '/api/health/ready', undefined, { headers: { authorization: 'Bearer monitoring-token-guessed-wrong' } });
      const live = await app.rest('GET', '/api/health/live');
      return { ready, readyToMonitoring, readyToAWrongToken, live, endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET };
    } finally {
      await app?.close();
    }
  }

  it.each([
    ['a bucket that does not exist', () => s3.env('no-such-bucket'), /^The S3 bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+$/],
    [
      'credentials the store refuses',
      () => s3.env(s3.newBucket(), { AWS_ACCESS_KEY_ID: 'WRONG', AWS_SECRET_ACCESS_KEY: 'WRONG' }),
      /^The S3 store at http:\/\/127\.0\.0\.1:\d+ refused the credentials for bucket "stockroom-\d+" \(check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\)$/,
    ],
    ['a store nobody listens on', () => ({ ...s3.env(s3.newBucket()), S3_ENDPOINT: 'http://127.0.0.1:9' }), /^The S3 store at http:\/\/127\.0\.0\.1:9 cannot be reached \(ECONNREFUSED\)$/],
  ])('%s: the app starts, readiness is 503 to anyone, and the reason in one line only to METRICS_TOKEN', async (_label, env, reason) => {
    const { ready, readyToMonitoring, readyToAWrongToken, live, endpoint, bucket } = await probesOf(env());
    expect(live.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', database: 'up', storage: 'down', draining: false, jobs: 'running' });
    expect(readyToAWrongToken.body).toEqual(ready.body);
    // Neither the store's endpoint nor its bucket reaches a caller without the token.
    for (const answer of [ready, readyToAWrongToken]) {
      expect(JSON.stringify(answer.body)).not.toContain(endpoint);
      expect(JSON.stringify(answer.body)).not.toContain(bucket);
    }
    expect(readyToMonitoring.status).toBe(503);
    expect(readyToMonitoring.body).toMatchObject({ status: 'unavailable', database: 'up', storage: 'down', draining: false });
    expect(readyToMonitoring.body.storageProblem).toMatch(reason);
  });

  it('the server says so in one line at start-up, and keeps running', async () => {
    const main = join(__dirname, '../../backend/dist/src/main.js');
    if (!existsSync(main)) throw new Error(`No built server at ${main}: run npm run build first (npm test does)`);
    const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-s3-startup-'));
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: await createDatabase(), ...s3.env('no-such-bucket') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // The log is JSON, a line each: the store's problem is one of them, at level error.
      const storeLine = new Promise<{ level: string; msg: string }>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const lines = stdout.split('\n').slice(0, -1).map((text) => JSON.parse(text) as { level: string; msg: string });
          const line = lines.find((entry) => entry.msg.startsWith('[uploads]'));
          if (line !== undefined) resolve(line);
        }),
      );
      const exited = new Promise<string>((resolve) => child.on('exit', (code) => resolve(`exited with ${code}: ${stderr}`)));
      const line = await Promise.race([storeLine, exited]);
      expect(line).toMatchObject({ level: 'error' });
      expect(typeof line === 'string' ? line : line.msg).toMatch(
        /^\[uploads\] The S3 bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+; \/api\/health\/ready answers 503 until it can be used$/,
      );
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).not.toMatch(/\\n\s+at /);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(undefined)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a store that goes away under a running app: serving and uploading answer 503 with Retry-After, never a 500', async () => {
    const going = await startS3Server();
    const app = await startTestApp(going.env(going.newBucket()));
    const errors = jest.spyOn(log, 'error').mockImplementation((() => undefined) as typeof log.error);
    try {
      const { token } = await signUpUser(app);
      const upload = () => {
        const form = new FormData();
        form.append('image', new Blob([png()], { type: 'image/png' }), 'photo.png');
        return fetch(`${app.url}/api/products/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      };
      const stored = await upload();
      expect(stored.status).toBe(201);
      const { url } = (await stored.json()) as { url: string };
      await going.close();

      for (const answer of [await fetch(app.url + url), await upload()]) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(await answer.json()).toEqual({ message: GeneralMessages.server, code: 'SERVICE_UNAVAILABLE' });
      }
      // One line per failure, naming the store, and no stack.
      const lines = errors.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line).toMatch(/^\[uploads\] could not (read|store) [\w-]+\.png in S3 bucket stockroom-1 at http:\/\/127\.0\.0\.1:\d+: [^\n]+$/);
    } finally {
      errors.mockRestore();
      await app.close();
    }
  });

  it('is ready once the bucket answers', async () => {
    const { ready } = await probesOf(s3.env(s3.newBucket()));
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', storage: 'up', draining: false, jobs: 'running' });
  });
});
