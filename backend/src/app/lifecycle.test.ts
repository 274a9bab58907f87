import express from 'express';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Lifecycle } from './lifecycle';

/** A real HTTP server whose one route answers when the test says so. */
async function serverWith(lifecycle: Lifecycle) {
  const pending: Array<() => void> = [];
  const app = express();
  app.use(lifecycle.track);
  app.get('/slow', (_req, res) => void pending.push(() => res.json({ ok: true })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/slow', headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
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
      expect(await before).toEqual({ status: 200, connection: 'close' });
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
});
