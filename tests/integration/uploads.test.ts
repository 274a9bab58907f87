import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { AuthMessages, GeneralMessages, UPLOAD, UPLOAD_PATH_PATTERN, UploadMessages } from '@stockroom/schema';
import { sniffImageType } from '../../backend/src/uploads/image-type';
import { avatarRoutes, productImageRoutes } from '../../backend/src/uploads/upload.routes';
import { GIF, HTML, JPEG, SVG, WEBP, png, pngOfSize } from '../support/images';
import { CREATE_PRODUCT, createProduct, expectRestError, productInput } from '../support/products';
import { signUpAdmin, signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';

/**
 * Image uploads (issue 4): an avatar at /api/users/{id}/avatar, a product
 * image at /api/products/images, both served back from /uploads/<uuid>.<ext>.
 * The type is told by the bytes, the size is held to UPLOAD.maxBytes, and a
 * refused upload leaves no file behind.
 */

let app: TestApp;
let uploadsDir: string;
let alice: { token: string; id: string };
let bob: { token: string; id: string };

beforeAll(async () => {
  app = await startTestApp();
  uploadsDir = join(app.config.dataDir, 'uploads');
  const a = await signUpUser(app, { firstName: 'Alice' });
  const b = await signUpUser(app, { firstName: 'Bob' });
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
});
afterAll(() => app?.close());

interface FilePart {
  field: string;
  bytes: Uint8Array;
  name: string;
  type: string;
}

const part = (field: string, bytes: Uint8Array, name = 'photo.png', type = 'image/png'): FilePart => ({ field, bytes, name, type });

/** Sends a multipart form the way a browser does (fetch builds the boundary) and parses the JSON answer. */
async function postForm(path: string, parts: FilePart[], options: { token?: string; method?: string } = {}): Promise<HttpAnswer> {
  const form = new FormData();
  for (const { field, bytes, name, type } of parts) form.append(field, new Blob([bytes], { type }), name);
  const response = await fetch(app.url + path, {
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

const uploadProductImage = (bytes: Uint8Array, name?: string, type?: string, token = alice.token) => postForm('/api/products/images', [part('image', bytes, name, type)], { token });
const uploadAvatar = (id: string, bytes: Uint8Array, token: string) => postForm(`/api/users/${id}/avatar`, [part('avatar', bytes)], { token });

/** Every entry of DATA_DIR/uploads, temporary dot-files included. */
const filesInUploads = () => readdirSync(uploadsDir).sort();
const fileOf = (url: string) => join(uploadsDir, url.replace('/uploads/', ''));

/** GET of a stored upload, as bytes. */
async function fetchUpload(url: string) {
  const response = await fetch(app.url + url);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A refused upload: the error answer, and not one new file (not even a temporary one) in the uploads directory. */
async function expectRefused(send: () => Promise<HttpAnswer>, status: number, code: string, message: string, fields?: Record<string, string>) {
  const before = filesInUploads();
  expectRestError(await send(), status, code, message, fields);
  expect(filesInUploads()).toEqual(before);
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
    expect(readdirSync(uploadsDir).filter((name) => name.startsWith('.'))).toEqual([]);

    const served = await fetchUpload(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mimeType);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Re-encoded, so not byte-identical: the same kind of image with the same pixels' size.
    expect(served.bytes.equals(readFileSync(fileOf(url)))).toBe(true);
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
