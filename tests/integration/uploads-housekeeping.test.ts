import type { MikroORM } from '@mikro-orm/postgresql';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../backend/src/app/database';
import { ORPHAN_GRACE_MS, TEMP_GRACE_MS, sweepOrphanUploads } from '../../backend/src/uploads/upload-housekeeping';
import { diskObjects } from '../../backend/src/storage/disk-objects';
import { s3Objects } from '../../backend/src/storage/s3-objects';
import { createUploadStore } from '../../backend/src/storage/upload-store';
import { png } from '../support/images';
import { createProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';
import { diskStore, s3Store, type TestUploadStore } from '../support/upload-stores';

/**
 * Uploads nothing refers to any more are deleted by the hourly housekeeping
 * once a day old; what an avatar or a product names, and anything young, stays.
 * The same on the local disk and in an S3 bucket; temporary files are local either way.
 */

describe.each([
  ['the local disk', diskStore],
  ['an S3 bucket', s3Store],
])('on %s', (_where, openStore: () => TestUploadStore | Promise<TestUploadStore>) => {
  let app: TestApp;
  let orm: MikroORM;
  let uploadsDir: string;
  let store: TestUploadStore;

  beforeAll(async () => {
    store = await openStore();
    app = await startTestApp(store.env());
    orm = await openDatabase(app.databaseUrl);
    uploadsDir = join(app.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await orm?.close();
    await app?.close();
    await store?.close();
  });

  async function uploadImage(token: string): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([png()], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${app.url}/api/products/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  }

  const fileOf = (url: string) => url.replace('/uploads/', '');
  /** Makes a stored upload look `ms` old. */
  const age = (name: string, ms: number) => store.age(app, name, ms);
  /** Makes a temporary file look `ms` old. */
  const ageTemporary = (name: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(join(uploadsDir, name), then, then);
  };

  it('deletes day-old uploads nothing names and dead temporary files; keeps avatars, product images and young files', async () => {
    const alice = await signUpUser(app);
    const [onProduct, onAvatar, orphan, youngOrphan, replaced] = await Promise.all([1, 2, 3, 4, 5].map(() => uploadImage(alice.token)));
    const product = await createProduct(app, alice.token, { imageUrl: replaced });
    await app.rest('PUT', `/api/products/${product.id}`, { imageUrl: onProduct }, { token: alice.token });
    await app.sql('UPDATE users SET avatar = $1 WHERE id = $2', [onAvatar, alice.user.id]);
    writeFileSync(join(uploadsDir, '.dead.upload'), 'partial');
    writeFileSync(join(uploadsDir, '.live.upload'), 'partial');
    for (const url of [onProduct, onAvatar, orphan, replaced]) age(fileOf(url), ORPHAN_GRACE_MS + 60_000);
    ageTemporary('.dead.upload', TEMP_GRACE_MS + 60_000);

    const objects = app.config.s3 ? s3Objects(app.config.s3) : diskObjects(uploadsDir);
    const removed = await sweepOrphanUploads(orm.em.fork(), createUploadStore(uploadsDir, objects, { decodeBacklog: 0 }));

    expect(removed).toBe(3);
    const left = store.entries(app);
    expect(left).toEqual(expect.arrayContaining([fileOf(onProduct), fileOf(onAvatar), fileOf(youngOrphan), '.live.upload']));
    for (const gone of [fileOf(orphan), fileOf(replaced), '.dead.upload']) expect(left).not.toContain(gone);
    expect((await fetch(app.url + onProduct)).status).toBe(200);
  });
});
