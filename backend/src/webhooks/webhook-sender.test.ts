import { createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from './webhook-address';
import { sendWebhook } from './webhook-sender';

/**
 * One delivery as `sendWebhook` makes it, against a receiver on 127.0.0.1.
 * Host names are answered by a stubbed resolver, so a name can "resolve" to
 * a private address without asking DNS, and nothing leaves this machine.
 */

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const SECRET = 'whsec_sender_test';
const BODY = JSON.stringify({ id: 'e1', type: 'webhook.test', createdAt: '2026-01-01T00:00:00.000Z', data: { product: { id: 'p1' } } });
const received: Received[] = [];
let server: http.Server;
let port: number;

/** Paths of the receiver: what each one answers. */
function receive(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path.startsWith('/ok')) res.writeHead(204).end();
    else if (path.startsWith('/moved')) res.writeHead(302, { location: `http://127.0.0.1:${port}/ok/after-redirect` }).end();
    // Answers its status at once, then never finishes the body.
    else if (path.startsWith('/trickle')) res.writeHead(200).write('still going');
    // /hang never answers: the connection stays open until the test closes it.
  });
}

beforeAll(async () => {
  server = http.createServer(receive);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => {
  received.length = 0;
  jest.restoreAllMocks();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver that answers every name with `address`, and counts how often it was asked. */
const resolvingTo = (address: string) => jest.fn<ReturnType<Resolver>, Parameters<Resolver>>(async () => [{ address, family: 4 }]);

/** Fails the test at the first connection attempted, before anything is sent. */
const refuseConnections = () =>
  jest.spyOn(http.Agent.prototype, 'createConnection').mockImplementation(() => {
    throw new Error('sendWebhook opened a connection');
  });

describe('with private addresses not allowed', () => {
  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '64:ff9b:1::a00:1'])('refuses a host that resolves to %s, sends nothing, and does not say the address', async (address) => {
    const connect = refuseConnections();
    const resolver = resolvingTo(address);
    const result = await sendWebhook(`http://hooks.example.test:${port}/ok`, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: false, resolver });
    expect(result).toEqual({
      ok: false,
      statusCode: null,
      error: 'The host hooks.example.test does not resolve to a public address: webhooks go to public addresses only',
      durationMs: expect.any(Number),
    });
    expect(resolver).toHaveBeenCalledWith('hooks.example.test');
    expect(connect).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it('refuses a loopback address written in the URL, without asking the resolver', async () => {
    const connect = refuseConnections();
    const resolver = resolvingTo('93.184.216.34');
    const result = await sendWebhook(`http://127.0.0.1:${port}/ok`, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: false, resolver });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'The host 127.0.0.1 does not resolve to a public address: webhooks go to public addresses only' });
    expect(resolver).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });
});

describe('with private addresses allowed', () => {
  it('sends a signed POST to the address the name resolved to, resolving again on each delivery', async () => {
    // hooks.example.test exists in no DNS: only the pinned address can have reached the receiver.
    const resolver = resolvingTo('127.0.0.1');
    const url = `http://hooks.example.test:${port}/ok/signed`;
    const before = Math.floor(Date.now() / 1000);
    const result = await sendWebhook(url, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: true, resolver });
    expect(result).toEqual({ ok: true, statusCode: 204, error: null, durationMs: expect.any(Number) });
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery).toMatchObject({ path: '/ok/signed', body: BODY });
    expect(delivery.headers).toMatchObject({ host: `hooks.example.test:${port}`, 'content-type': 'application/json', 'user-agent': 'Stockroom-Webhooks/1' });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.headers['stockroom-signature'] as string) ?? [];
    expect(Number(t)).toBeGreaterThanOrEqual(before);
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex'));

    await sendWebhook(url, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: true, resolver });
    expect(resolver).toHaveBeenCalledTimes(2);
    expect(received).toHaveLength(2);
  });

  it('still refuses a host that resolves to the metadata address, without saying the address', async () => {
    const connect = refuseConnections();
    const result = await sendWebhook(`http://hooks.example.test:${port}/ok`, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: true, resolver: resolvingTo('169.254.169.254') });
    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      error: 'The host hooks.example.test does not resolve to a public, private or loopback address: webhooks go to public, private or loopback addresses here',
    });
    expect(connect).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it('does not follow a redirect: a 302 is a failure and its Location is never asked for', async () => {
    const result = await sendWebhook(`http://127.0.0.1:${port}/moved`, SECRET, BODY, { timeoutMs: 1_000, allowPrivate: true });
    expect(result).toEqual({ ok: false, statusCode: 302, error: 'The receiver answered 302', durationMs: expect.any(Number) });
    // Time for a follow-up request to arrive, had one been made.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((r) => r.path)).toEqual(['/moved']);
  });

  it.each([
    ['never answers', '/hang'],
    ['answers its status but never finishes the body', '/trickle'],
  ])('gives up on a receiver that %s within about the timeout', async (_case, path) => {
    const started = Date.now();
    const result = await sendWebhook(`http://127.0.0.1:${port}${path}`, SECRET, BODY, { timeoutMs: 300, allowPrivate: true });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 0.3 s' });
    // A timer may fire a millisecond early by the wall clock.
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeGreaterThanOrEqual(295);
    // Without the timeout it would wait for ever; the margin is for a machine busy with other suites.
    expect(elapsed).toBeLessThan(3_000);
    expect(received.map((r) => r.path)).toEqual([path]);
  });
});

describe('a slow resolver', () => {
  it('counts towards the timeout: a name that takes longer to resolve than the timeout fails within it, and nothing is sent', async () => {
    const connect = refuseConnections();
    const resolver: Resolver = () => new Promise(() => undefined);
    const started = Date.now();
    const result = await sendWebhook(`http://slow-dns.example.test:${port}/ok`, SECRET, BODY, { timeoutMs: 300, allowPrivate: true, resolver });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 0.3 s' });
    // Without the timeout it would wait for ever; the margin is for a machine busy with other suites.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(connect).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it('leaves the request only what is left of the timeout', async () => {
    const resolver: Resolver = () => new Promise((resolve) => setTimeout(() => resolve([{ address: '127.0.0.1', family: 4 }]), 1_000));
    const started = Date.now();
    const result = await sendWebhook(`http://late-dns.example.test:${port}/hang`, SECRET, BODY, { timeoutMs: 2_000, allowPrivate: true, resolver });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 2 s' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_995);
    // A request given the whole timeout after the name resolved would end at 3 s; the margin is for a busy machine.
    expect(elapsed).toBeLessThan(2_800);
  });
});
