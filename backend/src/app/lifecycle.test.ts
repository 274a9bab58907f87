import express from 'express';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseBreaker } from '../common/database-outage';
import { restErrorHandler } from '../rest/error-middleware';
import { Lifecycle } from './lifecycle';

/** A real HTTP server whose one route answers when the test says so. */
async function serverWith(lifecycle: Lifecycle) {
  const pending: Array<() => void> = [];
  const app = express();
  app.use(lifecycle.track);
  app.get('/slow', (_req, res) => void pending.push(() => res.json({ ok: true })));
  app.post('/write', (_req, res) => res.status(201).json({ ok: true }));
  app.get('/api/health/live', (_req, res) => res.json({ status: 'ok' }));
  app.use(restErrorHandler(new DatabaseBreaker(async () => undefined)));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path = '/slow', method = 'GET') =>
    new Promise<{ status: number; connection?: string; retryAfter?: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers: { connection: 'keep-alive' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, retryAfter: res.headers['retry-after'] as string | undefined, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const answered = async (n: number) => {
    while (pending.length < n) await new Promise((r) => setImmediate(r));
  };
  return { server, get, pending, answered };
}

describe('Lifecycle', () => {
  it('counts requests in flight, and once draining answers them with Connection: close', async () => {
    const lifecycle = new Lifecycle();
    const { server, get, pending, answered } = await serverWith(lifecycle);
    try {
      const before = get();
      await answered(1);
      expect(lifecycle.requestsInFlight).toBe(1);
      lifecycle.startDraining();
      expect(lifecycle.draining).toBe(true);
      const idle = lifecycle.idle(10_000);
      pending.shift()!();
      expect(await before).toMatchObject({ status: 200, connection: 'close' });
      expect(await idle).toBe(true);
      expect(lifecycle.requestsInFlight).toBe(0);
    } finally {
      server.close();
    }
  });

  it('stops waiting for requests at the deadline', async () => {
    const lifecycle = new Lifecycle();
    const { server, get, pending, answered } = await serverWith(lifecycle);
    try {
      const stuck = get();
      await answered(1);
      lifecycle.startDraining();
      expect(await lifecycle.idle(20)).toBe(false);
      pending.shift()!();
      await stuck;
    } finally {
      server.close();
    }
  });

  it('once draining, hands a new read over with 503 and Retry-After (a proxy retries it elsewhere), and still answers writes and the probes', async () => {
    const lifecycle = new Lifecycle();
    const { server, get, pending, answered } = await serverWith(lifecycle);
    try {
      const before = get('/slow');
      await answered(1);
      pending.shift()!();
      expect(await before).toMatchObject({ status: 200 });
      lifecycle.startDraining();
      const read = await get('/slow');
      expect(read).toMatchObject({ status: 503, retryAfter: '1', connection: 'close' });
      expect(JSON.parse(read.body)).toMatchObject({ message: 'Server error. Please try again later', code: 'SERVICE_UNAVAILABLE' });
      expect(await get('/write', 'POST')).toMatchObject({ status: 201, connection: 'close' });
      expect(await get('/api/health/live')).toMatchObject({ status: 200, connection: 'close' });
      expect(lifecycle.requestsInFlight).toBe(0);
    } finally {
      server.close();
    }
  });
});
