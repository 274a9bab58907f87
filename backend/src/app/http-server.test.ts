import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { createHttpServer } from './http-server';

/** Small limits, so each cut-off comes within seconds; the request limit well past the headers one, so the two cannot be taken for each other. */
const HEADERS_MS = 1_000;
const REQUEST_MS = 5_000;
const KEEP_ALIVE_MS = 1_000;
/** A limit is checked once a second, and a busy machine is late: a cut-off comes this much after its limit at most (Node's own check, every 30 s, would not). */
const CHECK_SLACK_MS = 3_000;
/** Node may keep an idle connection up to a second past its keep-alive limit (keepAliveTimeoutBuffer, Node 24). */
const KEEP_ALIVE_SLACK_MS = 2_000;

let dataDir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stockroom-http-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-test-secret-that-is-long-enough-123',
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
  });
  // Answers once the whole body is in, as a route that parses one does.
  server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  }, config);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens a connection, sends `first`, then `drip` every 100 ms until the server closes it: a client that keeps
 * sending, just too slowly. Resolves with what the server sent and how long after `first` it closed.
 */
function slowClient(first: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let started = 0;
    let dripping: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      started = Date.now();
      socket.write(first);
      if (drip) dripping = setInterval(() => socket.writable && socket.write(drip), 100);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(dripping);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => reject(new Error(`still open after 10 s; got: ${answer}`)), 10_000).unref();
  });
}

it('takes its limits from HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS and HTTP_KEEP_ALIVE_TIMEOUT_MS', () => {
  expect({ headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout }).toEqual({
    headers: HEADERS_MS,
    request: REQUEST_MS,
    keepAlive: KEEP_ALIVE_MS,
  });
});

it('answers 408 and closes the connection of a client still sending its headers when the headers limit passes', async () => {
  const { answer, closedAfterMs } = await slowClient('GET / HTTP/1.1\r\nHost: stockroom.test\r\n', 'X-Slow: 1\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  expect(closedAfterMs).toBeLessThan(HEADERS_MS + CHECK_SLACK_MS);
});

it('answers 408 and closes the connection of a client still sending its body when the request limit passes', async () => {
  const { answer, closedAfterMs } = await slowClient('POST / HTTP/1.1\r\nHost: stockroom.test\r\nContent-Length: 1000\r\n\r\n', 'x');
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
  expect(closedAfterMs).toBeLessThan(REQUEST_MS + CHECK_SLACK_MS);
});

it('tells a keep-alive client the idle limit and closes its connection once it passes', async () => {
  const { answer, closedAfterMs } = await slowClient('GET / HTTP/1.1\r\nHost: stockroom.test\r\n\r\n', '');
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
  expect(closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
  expect(closedAfterMs).toBeLessThan(KEEP_ALIVE_MS + KEEP_ALIVE_SLACK_MS);
});
