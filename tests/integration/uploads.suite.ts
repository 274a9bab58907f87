import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import sharp from 'sharp';
import { AuthMessages, GeneralMessages, UPLOAD, UPLOAD_PATH_PATTERN, UploadMessages } from '@stockroom/schema';
import { IMAGE_DECODE_CONCURRENCY } from '../../backend/src/common/thread-pool';
import { sniffImageType } from '../../backend/src/storage/image-type';
import { MAX_IMAGE_SIDE, MAX_INPUT_PIXELS } from '../../backend/src/storage/upload-store';
import { DECODER_BUSY_RETRY_AFTER_SECONDS } from '../../backend/src/storage/upload.errors';
import { avatarRoutes, productImageRoutes } from '../../backend/src/uploads/upload.routes';
import { GIF, HTML, JPEG, SVG, WEBP, largeImage, png, pngBomb, pngOfSize } from '../support/images';
import { CREATE_PRODUCT, createProduct, expectRestError, productInput } from '../support/products';
import { signUpAdmin, signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';
import type { TestUploadStore } from '../support/upload-stores';

/**
 * Image uploads (issue 4): an avatar at /api/users/{id}/avatar, a product
 * image at /api/products/images, both served back from /uploads/<uuid>.<ext>.
 * The type is told by the bytes, the size is held to UPLOAD.maxBytes, and a
 * refused upload leaves no file behind. Issue 9 bounds what an upload may
 * cost: a per-account rate limit (429), at most IMAGE_DECODE_CONCURRENCY
 * decodes at once with a short queue (503 beyond it), stored images at most
 * MAX_IMAGE_SIDE px on a side, canvases over MAX_INPUT_PIXELS refused (413).
 */

/** The upload tests against one store: `openStore` starts it (and its S3 server) for this file. */
export function uploadSuite(openStore: () => Promise<TestUploadStore> | TestUploadStore) {
  let app: TestApp;
  let store: TestUploadStore;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };

  beforeAll(async () => {
    // The rate limit has its own app below; here it would only count the many uploads of these tests.
    store = await openStore();
    app = await startTestApp({ UPLOAD_RATE_LIMIT: '100000', ...store.env() });
    const a = await signUpUser(app, { firstName: 'Alice' });
    const b = await signUpUser(app, { firstName: 'Bob' });
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  interface FilePart {
    field: string;
    bytes: Uint8Array;
    name: string;
    type: string;
  }

  const part = (field: string, bytes: Uint8Array, name = 'photo.png', type = 'image/png'): FilePart => ({ field, bytes, name, type });

  /** Sends a multipart form the way a browser does (fetch builds the boundary) and parses the JSON answer. */
  async function postForm(path: string, parts: FilePart[], options: { token?: string; method?: string; to?: TestApp } = {}): Promise<HttpAnswer> {
    const form = new FormData();
    // Copied into a plain ArrayBuffer: a Blob takes no view of a buffer that may be shared.
    for (const { field, bytes, name, type } of parts) form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch((options.to ?? app).url + path, {
      method: options.method ?? 'POST',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      body: form,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body };
  }

  const uploadProductImage = (bytes: Uint8Array, name?: string, type?: string, token = alice.token, to = app) =>
    postForm('/api/products/images', [part('image', bytes, name, type)], { token, to });
  const uploadAvatar = (id: string, bytes: Uint8Array, token: string, to = app) => postForm(`/api/users/${id}/avatar`, [part('avatar', bytes)], { token, to });

  /** Every temporary file in DATA_DIR/uploads and every stored upload, wherever the store keeps them. */
  const filesInUploads = (of = app) => store.entries(of);
  const storedBytes = (url: string) => store.bytes(app, url.replace('/uploads/', ''));

  /** GET of a stored upload, as bytes. */
  async function fetchUpload(url: string, from = app) {
    const response = await fetch(from.url + url);
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** A refused upload: the error answer, and not one new file (not even a temporary one) in the uploads directory. */
  async function expectRefused(send: () => Promise<HttpAnswer>, status: number, code: string, message: string, fields?: Record<string, string>, on = app) {
    const before = filesInUploads(on);
    const answer = await send();
    expectRestError(answer, status, code, message, fields);
    expect(filesInUploads(on)).toEqual(before);
    return answer;
  }

  /** The size of a stored upload's image, read back from what is served. */
  async function servedSize(url: string, from = app) {
    const served = await fetchUpload(url, from);
    expect(served.status).toBe(200);
    const { width, height } = await sharp(served.bytes).metadata();
    return { width, height };
  }

  describe('POST /api/products/images', () => {
    it.each([
      ['PNG', png(3, 2), 'png', 'image/png', { width: 3, height: 2 }],
      ['JPEG', JPEG, 'jpg', 'image/jpeg', { width: 2, height: 2 }],
      ['WebP', WEBP, 'webp', 'image/webp', { width: 2, height: 2 }],
    ])('stores a %s under a generated name and serves it back as that type', async (_label, bytes, extension, mimeType, size) => {
      const answer = await uploadProductImage(bytes, 'My Holiday Photo.exe', 'application/octet-stream');
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body)).toEqual(['url']);
      const { url } = answer.body as { url: string };
      expect(url).toMatch(UPLOAD_PATH_PATTERN);
      expect(url.endsWith(`.${extension}`)).toBe(true);
      expect(filesInUploads().filter((name) => name.startsWith('.'))).toEqual([]);

      const served = await fetchUpload(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(mimeType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; sandbox");
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Re-encoded, so not byte-identical: the same kind of image with the same pixels' size.
      expect(served.bytes.equals(storedBytes(url))).toBe(true);
      expect(sniffImageType(served.bytes)).toBe(extension === 'jpg' ? 'jpeg' : extension);
      expect(await sharp(served.bytes).metadata()).toMatchObject({ format: extension === 'jpg' ? 'jpeg' : extension, ...size });
    });

    it('drops EXIF metadata (GPS, camera, owner) by re-encoding', async () => {
      const tagged = await sharp(JPEG).withExif({ IFD0: { Copyright: 'Secret Location 51.5N 0.1W', Make: 'SpyCam' } }).jpeg().toBuffer();
      expect((await sharp(tagged).metadata()).exif).toBeDefined();
      const { status, body } = await uploadProductImage(tagged, 'tagged.jpg', 'image/jpeg');
      expect(status).toBe(201);
      const served = await fetchUpload(body.url);
      expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
      expect(served.bytes.includes('Secret Location')).toBe(false);
    });

    it('does not keep what a polyglot carries past the image (HTML after the PNG end)', async () => {
      const { status, body } = await uploadProductImage(Buffer.concat([png(), HTML]));
      expect(status).toBe(201);
      expect((await fetchUpload(body.url)).bytes.includes('<script')).toBe(false);
    });

    it('serves a byte range of an upload (206), the rest from a byte, 416 past the end, and the whole upload for several ranges, the last-bytes form or an If-Range', async () => {
      const { url } = (await uploadProductImage(png(40, 30))).body as { url: string };
      const whole = await fetchUpload(url);
      const size = whole.bytes.length;
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const ranged = async (range: string, extra: Record<string, string> = {}) => {
        const response = await fetch(app.url + url, { headers: { range, ...extra } });
        const bytes = Buffer.from(await response.arrayBuffer());
        return { status: response.status, contentRange: response.headers.get('content-range'), length: response.headers.get('content-length'), bytes };
      };
      expect(await ranged('bytes=0-9')).toEqual({ status: 206, contentRange: `bytes 0-9/${size}`, length: '10', bytes: whole.bytes.subarray(0, 10) });
      expect(await ranged('bytes=10-')).toEqual({ status: 206, contentRange: `bytes 10-${size - 1}/${size}`, length: String(size - 10), bytes: whole.bytes.subarray(10) });
      expect(await ranged(`bytes=${size}-`)).toMatchObject({ status: 416, contentRange: `bytes */${size}`, bytes: Buffer.alloc(0) });
      for (const [range, extra] of [['bytes=0-1,5-6', {}], ['bytes=-5', {}], ['lines=1-2', {}], ['bytes=0-9', { 'if-range': '"elsewhere"' }]] as const) {
        expect(await ranged(range, extra)).toEqual({ status: 200, contentRange: null, length: String(size), bytes: whole.bytes });
      }
    });

    it('gives a URL a product accepts as its imageUrl, over REST and GraphQL', async () => {
      const { body } = await uploadProductImage(png(8, 8));
      const product = await createProduct(app, alice.token, { imageUrl: body.url });
      expect(product.imageUrl).toBe(body.url);
      const [row] = await app.sql('SELECT image_url FROM products WHERE id = $1', [product.id]);
      expect(row.image_url).toBe(body.url);
      const created = await app.gql(CREATE_PRODUCT, { input: productInput({ imageUrl: body.url }) }, { token: alice.token });
      expect(created.errors).toBeUndefined();
      expect(created.data.createProduct.imageUrl).toBe(body.url);
    });

    it('tells the type by the bytes: HTML named .png and sent as image/png is 415', async () => {
      await expectRefused(() => uploadProductImage(HTML, 'innocent.png', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupportedType);
    });

    it.each([
      ['SVG', SVG, 'drawing.svg', 'image/svg+xml'],
      ['SVG named .jpg', SVG, 'drawing.jpg', 'image/jpeg'],
      ['GIF', GIF, 'anim.gif', 'image/gif'],
      ['a text file', Buffer.from('just some words, long enough to sniff'), 'notes.webp', 'image/webp'],
      ['a file shorter than any image header', Buffer.from([0xff, 0xd8, 0xff]), 'tiny.jpg', 'image/jpeg'],
    ])('refuses %s with 415', async (_label, bytes, name, type) => {
      await expectRefused(() => uploadProductImage(bytes, name, type), 415, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupportedType);
    });

    it('refuses a file with a JPEG header that does not decode with 415', async () => {
      const broken = Buffer.concat([JPEG.subarray(0, 20), Buffer.alloc(200, 0x41)]);
      await expectRefused(() => uploadProductImage(broken, 'broken.jpg', 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupportedType);
    });

    it(`accepts exactly ${UPLOAD.maxBytes} bytes and refuses ${UPLOAD.maxBytes + 1} with 413, leaving nothing behind`, async () => {
      const atLimit = pngOfSize(UPLOAD.maxBytes);
      const accepted = await uploadProductImage(atLimit);
      expect(accepted.status).toBe(201);
      expect(accepted.body.url).toMatch(UPLOAD_PATH_PATTERN);

      await expectRefused(() => uploadProductImage(pngOfSize(UPLOAD.maxBytes + 1)), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
      expect(UploadMessages.tooLarge).toBe('Image cannot exceed 5 MB');
    });

    it('refuses a far larger request with 413 without reading it all, and the server keeps answering', async () => {
      await expectRefused(() => uploadProductImage(pngOfSize(3 * UPLOAD.maxBytes)), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
      expect((await app.rest('GET', '/api/users/health/status')).status).toBe(200);
    });

    it('stops a streamed request of unknown length at the limit with 413, then hangs up on a client that sends on', async () => {
      const boundary = 'stockroom-test-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 0x2a);
      // Far more than any upload, with no length announced (chunked), sent on whatever the answer: the server must stop reading on its own.
      const cap = 20 * UPLOAD.maxBytes;
      const before = filesInUploads();
      const { hostname, port } = new URL(app.url);
      const socket = connect(Number(port), hostname);
      const asChunk = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      let sent = 0;
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (data: string) => (answer += data));
      socket.on('error', () => undefined); // the server cutting the connection
      const hungUp = new Promise((resolve) => socket.on('end', resolve).on('close', resolve));
      socket.write(
        `POST /api/products/images HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${alice.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      socket.write(asChunk(Buffer.concat([head, png()])));
      const pump = () => {
        while (sent < cap && socket.writable && !socket.readableEnded) {
          sent += chunk.length;
          if (!socket.write(asChunk(chunk))) return void socket.once('drain', pump);
        }
      };
      pump();
      await hungUp;
      socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: UploadMessages.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
      // One more upload's worth of discarded bytes, and the server hung up rather than read on.
      expect(sent).toBeLessThan(4 * UPLOAD.maxBytes);
      expect(filesInUploads()).toEqual(before);
      expect((await app.rest('GET', '/api/users/health/status')).status).toBe(200);
    });

    it('answers 400 Choose an image to upload when the field is missing or the file empty', async () => {
      const missing = { image: UploadMessages.missingFile };
      await expectRefused(() => postForm('/api/products/images', [part('photo', png())], { token: alice.token }), 400, 'BAD_USER_INPUT', UploadMessages.missingFile, missing);
      await expectRefused(() => postForm('/api/products/images', [], { token: alice.token }), 400, 'BAD_USER_INPUT', UploadMessages.missingFile, missing);
      await expectRefused(() => uploadProductImage(new Uint8Array(0)), 400, 'BAD_USER_INPUT', UploadMessages.missingFile, missing);
    });

    it('takes only the `image` field: another file beside it is ignored', async () => {
      const answer = await postForm('/api/products/images', [part('other', HTML, 'x.html', 'text/html'), part('image', WEBP, 'w.webp', 'image/webp')], { token: alice.token });
      expect(answer.status).toBe(201);
      expect(answer.body.url).toMatch(/\.webp$/);
    });

    it('refuses a request that is not multipart/form-data with 415 naming the field', async () => {
      const answer = await app.rest('POST', '/api/products/images', { image: 'https://example.com/a.png' }, { token: alice.token });
      expectRestError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data, in the field "image"');
      const noBoundary = await app.rest('POST', '/api/products/images', 'x', { token: alice.token, headers: { 'content-type': 'multipart/form-data' } });
      expect(noBoundary.status).toBe(415);
    });

    it('refuses a malformed multipart body with 400', async () => {
      const body = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG'; // never closed
      await expectRefused(
        () => app.rest('POST', '/api/products/images', body, { token: alice.token, headers: { 'content-type': 'multipart/form-data; boundary=b' } }),
        400,
        'BAD_USER_INPUT',
        UploadMessages.uploadFailed,
      );
    });

    it('needs a signed-in user (401), before reading the file', async () => {
      await expectRefused(() => postForm('/api/products/images', [part('image', png())]), 401, 'UNAUTHENTICATED', AuthMessages.invalidToken);
    });
  });

  describe('image size', () => {
    it.each([
      ['a 4000 x 3000 PNG', () => largeImage(4000, 3000), { width: MAX_IMAGE_SIDE, height: 1536 }],
      ['a 1000 x 3000 PNG (portrait)', () => largeImage(1000, 3000), { width: 683, height: MAX_IMAGE_SIDE }],
    ])(`is stored at most ${MAX_IMAGE_SIDE} px on its longer side, its aspect kept: %s`, async (_label, image, size) => {
      const { status, body } = await uploadProductImage(await image());
      expect(status).toBe(201);
      expect(await servedSize(body.url)).toEqual(size);
    });

    it('shrinks a large JPEG and WebP the same way, in their own format', async () => {
      const jpeg = await uploadProductImage(await largeImage(3000, 4000, 'jpeg'), 'photo.jpg', 'image/jpeg');
      expect(jpeg.body.url).toMatch(/\.jpg$/);
      expect(await servedSize(jpeg.body.url)).toEqual({ width: 1536, height: MAX_IMAGE_SIDE });
      const webp = await uploadProductImage(await largeImage(5000, 1000, 'webp'), 'wide.webp', 'image/webp');
      expect(webp.body.url).toMatch(/\.webp$/);
      expect(await servedSize(webp.body.url)).toEqual({ width: MAX_IMAGE_SIDE, height: 410 });
    });

    it('never enlarges: a small image and one exactly at the limit keep their size', async () => {
      const small = await uploadProductImage(png(300, 200));
      expect(await servedSize(small.body.url)).toEqual({ width: 300, height: 200 });
      const atLimit = await uploadProductImage(png(MAX_IMAGE_SIDE, 100));
      expect(await servedSize(atLimit.body.url)).toEqual({ width: MAX_IMAGE_SIDE, height: 100 });
    });

    it('shrinks an avatar too', async () => {
      const answer = await uploadAvatar(alice.id, await largeImage(4000, 3000), alice.token);
      expect(answer.status).toBe(200);
      expect(await servedSize(answer.body.user.avatar)).toEqual({ width: MAX_IMAGE_SIDE, height: 1536 });
    });
  });

  describe('decompression bombs', () => {
    it(`names the limit in its message: ${MAX_INPUT_PIXELS / 1_000_000} megapixels`, () => {
      expect(UploadMessages.tooManyPixels).toBe(`Image cannot exceed ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    });

    it('refuses a small PNG that decodes to 30000 x 30000 with 413, stores nothing, and the server keeps answering', async () => {
      const bomb = await pngBomb(30_000, 30_000);
      expect(bomb.length).toBeLessThan(UPLOAD.maxBytes / 5);
      await expectRefused(() => uploadProductImage(bomb, 'bomb.png'), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooManyPixels);
      await expectRefused(() => uploadAvatar(alice.id, bomb, alice.token), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooManyPixels);
      expect((await app.rest('GET', '/api/users/health/status')).status).toBe(200);
    });

    it(`refuses one pixel row over ${MAX_INPUT_PIXELS / 1_000_000} megapixels, in a JPEG too, and takes exactly that many`, async () => {
      const overLimit = await pngBomb(8000, 5001);
      await expectRefused(() => uploadProductImage(overLimit), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooManyPixels);
      const jpeg = await largeImage(8000, 5001, 'jpeg');
      await expectRefused(() => uploadProductImage(jpeg, 'big.jpg', 'image/jpeg'), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooManyPixels);
      const atLimit = await uploadProductImage(await pngBomb(8000, 5000));
      expect(atLimit.status).toBe(201);
      expect(await servedSize(atLimit.body.url)).toEqual({ width: MAX_IMAGE_SIDE, height: 1280 });
    });
  });

  describe('the upload rate limit', () => {
    const LIMIT = 3;
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp({ UPLOAD_RATE_LIMIT: String(LIMIT), UPLOAD_RATE_WINDOW_MS: String(10 * 60_000), ...store.env() });
    });
    afterAll(() => limited?.close());

    const expectThrottled = async (send: () => Promise<HttpAnswer>) => {
      const answer = await expectRefused(send, 429, 'TOO_MANY_REQUESTS', AuthMessages.tooManyRequests, undefined, limited);
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600).toBe(true);
    };

    it(`answers the upload after ${LIMIT} in the window with 429 and Retry-After, avatars and product images counted together`, async () => {
      const carol = await signUpUser(limited);
      expect((await uploadProductImage(png(), undefined, undefined, carol.token, limited)).status).toBe(201);
      expect((await uploadAvatar(carol.user.id, png(), carol.token, limited)).status).toBe(200);
      expect((await uploadProductImage(JPEG, 'a.jpg', 'image/jpeg', carol.token, limited)).status).toBe(201);
      await expectThrottled(() => uploadProductImage(png(), undefined, undefined, carol.token, limited));
      await expectThrottled(() => uploadAvatar(carol.user.id, png(), carol.token, limited));
      const [row] = await limited.sql('SELECT avatar FROM users WHERE id = $1', [carol.user.id]);
      expect(row.avatar).toMatch(UPLOAD_PATH_PATTERN);
    });

    it('counts refused files too, and throttles before reading the body (429, not 413, for an oversized one)', async () => {
      const dave = await signUpUser(limited);
      for (let i = 0; i < LIMIT; i++) expect((await uploadProductImage(SVG, 'x.svg', 'image/svg+xml', dave.token, limited)).status).toBe(415);
      await expectThrottled(() => uploadProductImage(pngOfSize(3 * UPLOAD.maxBytes), undefined, undefined, dave.token, limited));
      expect((await limited.rest('GET', '/api/users/health/status')).status).toBe(200);
    });

    it('is per account: another member still uploads, and an admin’s uploads for someone else count against the admin', async () => {
      const [erin, frank] = [await signUpUser(limited), await signUpUser(limited)];
      const admin = await signUpAdmin(limited);
      for (let i = 0; i < LIMIT; i++) expect((await uploadAvatar(erin.user.id, png(), admin.token, limited)).status).toBe(200);
      await expectThrottled(() => uploadAvatar(frank.user.id, png(), admin.token, limited));
      expect((await uploadAvatar(erin.user.id, png(), erin.token, limited)).status).toBe(200);
      expect((await uploadProductImage(png(), undefined, undefined, frank.token, limited)).status).toBe(201);
    });

    it('does not count a refused caller: 401 and 403 use no allowance', async () => {
      const [grace, heidi] = [await signUpUser(limited), await signUpUser(limited)];
      for (let i = 0; i < LIMIT + 2; i++) {
        expect((await uploadAvatar(heidi.user.id, png(), grace.token, limited)).status).toBe(403);
        expect((await uploadProductImage(png(), undefined, undefined, 'not-a-token', limited)).status).toBe(401);
      }
      expect((await uploadProductImage(png(), undefined, undefined, grace.token, limited)).status).toBe(201);
    });

    it('lets the account upload again once its window has passed, with the state in PostgreSQL', async () => {
      const ivan = await signUpUser(limited);
      for (let i = 0; i < LIMIT; i++) expect((await uploadProductImage(png(), undefined, undefined, ivan.token, limited)).status).toBe(201);
      await expectThrottled(() => uploadProductImage(png(), undefined, undefined, ivan.token, limited));
      const moved = await limited.sql("UPDATE rate_limit_buckets SET window_start = window_start - interval '11 minutes' WHERE key = $1 RETURNING hits", [`upload:${ivan.user.id}`]);
      expect(moved).toHaveLength(1);
      expect((await uploadProductImage(png(), undefined, undefined, ivan.token, limited)).status).toBe(201);
    });
  });

  describe('concurrent decodes', () => {
    /** Fires `count` uploads of a 12-megapixel PNG at once and sorts the answers by status. */
    async function burst(to: TestApp, token: string, count: number) {
      const image = await largeImage(4000, 3000);
      const answers = await Promise.all(Array.from({ length: count }, () => uploadProductImage(image, undefined, undefined, token, to)));
      const byStatus = new Map<number, HttpAnswer[]>();
      for (const answer of answers) byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer]);
      return byStatus;
    }

    async function expectBusyAnswers(to: TestApp, busy: HttpAnswer[]) {
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const answer of busy) {
        expect(answer.body).toEqual({ message: UploadMessages.busy, code: 'SERVICE_UNAVAILABLE' });
        expect(answer.headers.get('retry-after')).toBe(String(DECODER_BUSY_RETRY_AFTER_SECONDS));
      }
    }

    async function expectStored(to: TestApp, stored: HttpAnswer[]) {
      for (const { body } of stored) expect(await servedSize(body.url, to)).toEqual({ width: MAX_IMAGE_SIDE, height: 1536 });
      // Refused uploads left no temporary file behind; the stored ones are all there is.
      expect(filesInUploads(to)).toEqual(stored.map(({ body }) => body.url.replace('/uploads/', '')).sort());
    }

    for (const backlog of [0, 1]) {
      it(`with a backlog of ${backlog}: a burst gets 503 with Retry-After beyond ${IMAGE_DECODE_CONCURRENCY} decoding and ${backlog} waiting, which all succeed; never a 500`, async () => {
        const busyApp = await startTestApp({ IMAGE_DECODE_BACKLOG: String(backlog), UPLOAD_RATE_LIMIT: '100000', ...store.env() });
        try {
          const { token } = await signUpUser(busyApp);
          const byStatus = await burst(busyApp, token, 12);
          expect([...byStatus.keys()].sort()).toEqual([201, 503]);
          await expectBusyAnswers(busyApp, byStatus.get(503)!);
          // A 503 means every slot and queue place was taken at that moment: all of those finished.
          const stored = byStatus.get(201)!;
          expect(stored.length).toBeGreaterThanOrEqual(IMAGE_DECODE_CONCURRENCY + backlog);
          await expectStored(busyApp, stored);
          // Once the burst is over the decoder takes uploads again.
          expect((await uploadProductImage(png(), undefined, undefined, token, busyApp)).status).toBe(201);
        } finally {
          await busyApp.close();
        }
      });
    }

    it('queues rather than refuses within the default backlog: a burst of uploads all succeed', async () => {
      const byStatus = await burst(app, alice.token, IMAGE_DECODE_CONCURRENCY + app.config.imageDecodeBacklog);
      expect([...byStatus.keys()]).toEqual([201]);
    });
  });

  describe('POST /api/users/{id}/avatar', () => {
    it('sets the caller’s own avatar: 200 { user } with the new path, stored and served', async () => {
      const answer = await uploadAvatar(alice.id, png(16, 16), alice.token);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['user']);
      expect(answer.body.user).toMatchObject({ id: alice.id, avatar: expect.stringMatching(UPLOAD_PATH_PATTERN) });
      expect(answer.body.user.passwordHash).toBeUndefined();
      const [row] = await app.sql('SELECT avatar FROM users WHERE id = $1', [alice.id]);
      expect(row.avatar).toBe(answer.body.user.avatar);
      expect((await fetchUpload(row.avatar)).headers.get('content-type')).toBe('image/png');
      const [activity] = await app.sql("SELECT details FROM activity_log WHERE user_id = $1 AND kind = 'profile_updated' ORDER BY created_at DESC LIMIT 1", [alice.id]);
      expect(activity.details).toEqual({ fields: ['avatar'] });
    });

    it('replacing an avatar deletes the previous file', async () => {
      const first = (await uploadAvatar(alice.id, JPEG, alice.token)).body.user.avatar as string;
      const second = (await uploadAvatar(alice.id, WEBP, alice.token)).body.user.avatar as string;
      expect(second).not.toBe(first);
      expect(filesInUploads()).not.toContain(first.replace('/uploads/', ''));
      expect((await fetchUpload(first)).status).toBe(404);
      expect((await fetchUpload(second)).status).toBe(200);
    });

    it('leaves an avatar that is not an upload of ours alone when replacing it', async () => {
      await app.sql("UPDATE users SET avatar = 'https://images.example.com/me.png' WHERE id = $1", [bob.id]);
      const answer = await uploadAvatar(bob.id, png(), bob.token);
      expect(answer.status).toBe(200);
      expect(answer.body.user.avatar).toMatch(UPLOAD_PATH_PATTERN);
    });

    it('needs a token (401)', async () => {
      await expectRefused(() => postForm(`/api/users/${alice.id}/avatar`, [part('avatar', png())]), 401, 'UNAUTHENTICATED', AuthMessages.invalidToken);
    });

    it('refuses a malformed id with 400 Invalid ID format', async () => {
      await expectRefused(() => uploadAvatar('not-a-uuid', png(), alice.token), 400, 'BAD_USER_INPUT', GeneralMessages.invalidId, { id: GeneralMessages.invalidId });
    });

    it('refuses another member’s account with 403, stores nothing and leaves their avatar as it was', async () => {
      const own = (await uploadAvatar(bob.id, png(), bob.token)).body.user.avatar as string;
      await expectRefused(() => uploadAvatar(bob.id, pngOfSize(UPLOAD.maxBytes), alice.token), 403, 'FORBIDDEN', AuthMessages.accessDenied);
      const [after] = await app.sql('SELECT avatar FROM users WHERE id = $1', [bob.id]);
      expect(after.avatar).toBe(own);
      expect((await fetchUpload(own)).status).toBe(200);
    });

    it('lets an admin set another user’s avatar, and answers 404 for an account that does not exist', async () => {
      const admin = await signUpAdmin(app);
      const answer = await uploadAvatar(bob.id, JPEG, admin.token);
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: bob.id, avatar: expect.stringMatching(/\.jpg$/) });
      const [activity] = await app.sql("SELECT details FROM activity_log WHERE user_id = $1 AND kind = 'profile_updated' ORDER BY created_at DESC LIMIT 1", [bob.id]);
      expect(activity.details).toEqual({ fields: ['avatar'], byAdmin: true });
      await expectRefused(() => uploadAvatar('00000000-0000-4000-8000-000000000000', JPEG, admin.token), 404, 'NOT_FOUND', AuthMessages.userNotFound);
    });

    it('holds an avatar to the same type and size rules', async () => {
      await expectRefused(() => uploadAvatar(alice.id, SVG, alice.token), 415, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupportedType);
      await expectRefused(() => uploadAvatar(alice.id, pngOfSize(UPLOAD.maxBytes + 1), alice.token), 413, 'PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
      await expectRefused(() => postForm(`/api/users/${alice.id}/avatar`, [part('image', png())], { token: alice.token }), 400, 'BAD_USER_INPUT', UploadMessages.missingFile, {
        avatar: UploadMessages.missingFile,
      });
    });
  });

  describe('DELETE /api/users/{id}/avatar', () => {
    it('removes the avatar and its file: 200 { user } with avatar null', async () => {
      const url = (await uploadAvatar(alice.id, png(), alice.token)).body.user.avatar as string;
      const other = await app.rest('DELETE', `/api/users/${alice.id}/avatar`, undefined, { token: bob.token });
      expectRestError(other, 403, 'FORBIDDEN', AuthMessages.accessDenied);
      const answer = await app.rest('DELETE', `/api/users/${alice.id}/avatar`, undefined, { token: alice.token });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: alice.id, avatar: null });
      expect(filesInUploads()).not.toContain(url.replace('/uploads/', ''));
      expect((await fetchUpload(url)).status).toBe(404);
    });

    it('is removeAvatar over GraphQL, which deletes the file too', async () => {
      const url = (await uploadAvatar(alice.id, png(), alice.token)).body.user.avatar as string;
      const REMOVE = 'mutation RemoveAvatar($id: ID!) { removeAvatar(id: $id) { id avatar } }';
      expect((await app.gql(REMOVE, { id: alice.id }, { token: bob.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await fetchUpload(url)).status).toBe(200);
      const answer = await app.gql(REMOVE, { id: alice.id }, { token: alice.token });
      expect(answer.data.removeAvatar).toEqual({ id: alice.id, avatar: null });
      expect(filesInUploads()).not.toContain(url.replace('/uploads/', ''));
    });
  });

  describe('GET /uploads/{name}', () => {
    /** A request path sent exactly as written (fetch would resolve `..` first). */
    function rawGet(path: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const { hostname, port } = new URL(app.url);
        httpRequest({ hostname, port, path }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
          .on('error', reject)
          .end();
      });
    }

    /** A GET with If-None-Match as a browser revalidates (fetch would add Cache-Control: no-cache, which asks for the whole image). */
    function revalidate(path: string, etag: string): Promise<{ status: number; bytes: Buffer }> {
      return new Promise((resolve, reject) => {
        const { hostname, port } = new URL(app.url);
        httpRequest({ hostname, port, path, headers: { 'if-none-match': etag } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, bytes: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    }

    it('answers 304 to a browser that holds the same version (If-None-Match), and the image again to one that does not', async () => {
      const { body } = await uploadProductImage(png());
      const first = await fetchUpload(body.url);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(first.headers.get('last-modified')).toBeTruthy();
      expect(await revalidate(body.url, etag!)).toEqual({ status: 304, bytes: Buffer.alloc(0) });
      const other = await revalidate(body.url, '"something-else"');
      expect(other.status).toBe(200);
      expect(other.bytes.equals(storedBytes(body.url))).toBe(true);
    });

    it('answers 404 for anything but a stored upload’s generated name', async () => {
      const { body } = await uploadProductImage(png());
      const name = (body.url as string).replace('/uploads/', '');
      const temp = '.' + name.replace('.png', '.upload');
      for (const path of [
        '/uploads/../x',
        '/uploads/..%2F..%2Fpackage.json',
        '/uploads/notours.png',
        '/uploads/00000000-0000-4000-8000-000000000000.png',
        `/uploads/${name.toUpperCase()}`,
        `/uploads/${name.replace('.png', '.svg')}`,
        `/uploads/${name.replace('.png', '.html')}`,
        `/uploads/${temp}`,
        `/uploads/${name}/x`,
        '/uploads/',
      ]) {
        expect({ path, status: await rawGet(path) }).toEqual({ path, status: 404 });
      }
      expect(await rawGet(body.url)).toBe(200);
    });
  });

  describe('OpenAPI', () => {
    it('documents every upload route with its methods, signed in, and only those', async () => {
      const { body } = await app.rest('GET', '/api/openapi.json');
      const uploadPaths = ['/api/users/{id}/avatar', '/api/products/images'];
      const documented = uploadPaths.flatMap((path) => Object.keys(body.paths[path] ?? {}).map((method) => `${method.toUpperCase()} ${path}`)).sort();
      const routesOf = (prefix: string, router: unknown) =>
        (router as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> }).stack.flatMap((layer) =>
          layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`) : [],
        );
      const notCalled = () => {
        throw new Error('not called');
      };
      const routes = [...routesOf('/api/users', avatarRoutes(notCalled)), ...routesOf('/api/products', productImageRoutes(notCalled))].sort();
      expect(routes).toEqual(['DELETE /api/users/{id}/avatar', 'POST /api/products/images', 'POST /api/users/{id}/avatar']);
      expect(documented).toEqual(routes);
      for (const path of uploadPaths) for (const operation of Object.values<{ security?: unknown }>(body.paths[path])) expect(operation.security).toEqual([{ bearerAuth: [] }]);
    });
  });
}
