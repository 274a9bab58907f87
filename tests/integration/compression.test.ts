import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRODUCTS, createProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/* The built client: its scripts, styles and pages are answered compressed too. */
const clientDir = resolve(__dirname, '../../frontend/dist');

let app: TestApp;
let token: string;
beforeAll(async () => {
  if (!existsSync(join(clientDir, 'index.html'))) throw new Error(`No built client in ${clientDir}: run npm run build first (npm test does)`);
  app = await startTestApp({ CLIENT_DIR: clientDir });
  token = (await signUpUser(app)).token;
  // Enough products that a page of them is well over the 1 KB below which nothing is compressed.
  for (let i = 0; i < 12; i += 1) await createProduct(app, token, { name: `Compressed product ${i}`, description: 'A description long enough to matter' });
});
afterAll(() => app?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, before any decoding. */
  body: Buffer;
}

/**
 * node:http rather than fetch: fetch always asks for compression and decodes the
 * body, so it could not show what a client that asks for nothing receives.
 */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolveAnswer, reject) => {
    const req = request(app.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};

/** The largest of the app's own scripts (the entry, `app-*.js`, is a one-line start under 1 KB; `app-start-*.js` is what every page starts with). */
const appScript = () => {
  const assets = join(clientDir, 'assets');
  const scripts = readdirSync(assets)
    .filter((name) => /^app-.*\.js$/.test(name))
    .map((name) => ({ name, text: readFileSync(join(assets, name), 'utf8') }));
  const largest = scripts.sort((a, b) => b.text.length - a.text.length)[0];
  if (!largest) throw new Error('No app-*.js in the built client');
  return { path: `/assets/${largest.name}`, text: largest.text };
};

const authed = (headers: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...headers });
const graphqlProducts = (headers: Record<string, string>) =>
  raw('POST', '/graphql', authed({ 'content-type': 'application/json', ...headers }), JSON.stringify({ query: PRODUCTS, variables: { query: {} } }));

describe('compression of text answers', () => {
  const cases: Array<[string, (headers: Record<string, string>) => Promise<RawAnswer>]> = [
    ['a hashed script', (headers) => raw('GET', appScript().path, headers)],
    ['an /api JSON answer', (headers) => raw('GET', '/api/products?limit=12', authed(headers))],
    ['a /graphql answer', graphqlProducts],
    ['the OpenAPI document', (headers) => raw('GET', '/api/openapi.json', headers)],
    ['a page', (headers) => raw('GET', '/auth/login', { accept: 'text/html', ...headers })],
  ];

  it.each(cases)('%s: brotli when the client accepts it, the same bytes once decoded', async (_name, send) => {
    const plain = await send({});
    const br = await send({ 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(decode(br)).toBe(plain.body.toString('utf8'));
  });

  it.each(cases)('%s: gzip for a client without brotli', async (_name, send) => {
    const plain = await send({});
    const gzip = await send({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(plain.body.toString('utf8'));
  });

  it.each(cases)('%s: no encoding when the client asks for none, or only for identity', async (_name, send) => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await send(headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.length).toBeGreaterThan(1024);
    }
  });

  it('the script decodes to the built file, cached for a year as immutable', async () => {
    const { path, text } = appScript();
    const answer = await raw('GET', path, { 'accept-encoding': 'br' });
    expect(decode(answer)).toBe(text);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('scripts and styles are sent as the copies the build compressed, not compressed again per request', async () => {
    const assetsDir = join(clientDir, 'assets');
    const assets = readdirSync(assetsDir).filter((name) => /\.(?:js|css)$/.test(name));
    const large = assets.filter((name) => readFileSync(join(assetsDir, name)).length >= 1024);
    expect(large.length).toBeGreaterThan(10);
    // The build leaves no large script or style without its two copies.
    expect(large.filter((name) => !readdirSync(assetsDir).includes(`${name}.br`) || !readdirSync(assetsDir).includes(`${name}.gz`))).toEqual([]);

    const stylesheet = large.find((name) => name.endsWith('.css'))!;
    for (const name of [appScript().path.replace('/assets/', ''), stylesheet]) {
      const file = join(assetsDir, name);
      const br = await raw('GET', `/assets/${name}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect({ name, encoding: br.headers['content-encoding'], vary: br.headers.vary }).toEqual({ name, encoding: 'br', vary: 'Accept-Encoding' });
      expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
      expect(br.headers['content-type']).toMatch(name.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gzip = await raw('GET', `/assets/${name}`, { 'accept-encoding': 'gzip' });
      expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
      expect(decode(gzip)).toBe(readFileSync(file, 'utf8'));
    }
    expect((await raw('GET', '/assets/no-such-chunk-0000.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });

  it('pages are revalidated on every visit (a new build shows at once)', async () => {
    for (const path of ['/', '/auth/login', '/dashboard', '/products/some-id', '/index.html', '/no/such/route']) {
      const answer = await raw('GET', path, { accept: 'text/html', 'accept-encoding': 'br' });
      expect({ path, status: answer.status, cache: answer.headers['cache-control'] }).toEqual({ path, status: 200, cache: 'no-cache' });
      expect(decode(answer)).toMatch(/^<!doctype html>/i);
    }
  });

  it('a HEAD answer and an error answer stay well formed under compression', async () => {
    const head = await raw('HEAD', '/api/openapi.json', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const missing = await raw('GET', '/api/products/not-a-uuid', authed({ 'accept-encoding': 'br' }));
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    expect(JSON.parse(decode(missing))).toHaveProperty('message');
  });
});
