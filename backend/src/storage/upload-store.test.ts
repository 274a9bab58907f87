import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from '../common/log';
import type { UploadObjects } from './upload-objects';
import { createUploadStore } from './upload-store';
import { UploadStoreUnavailableError } from './upload.errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockroom-upload-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A store that is away: every read and delete fails with `error()`. */
const awayObjects = (error: () => Error): UploadObjects => ({
  description: 'the test bucket',
  put: async () => Promise.reject(error()),
  get: async () => Promise.reject(error()),
  delete: async () => Promise.reject(error()),
  list: async function* () {},
  check: async () => Promise.reject(error()),
});

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
const noBucket = () => Object.assign(new Error('The specified bucket does not exist'), { name: 'NoSuchBucket' });

it('answers every read of a store that is away with a 503, and logs one line per kind of failure every few seconds', async () => {
  const lines: string[] = [];
  const spy = jest.spyOn(log, 'error').mockImplementation(((...args: unknown[]) => void lines.push(String(args.at(-1)))) as typeof log.error);
  try {
    const refusing = createUploadStore(dir, awayObjects(refused), { decodeBacklog: 0 });
    for (let i = 0; i < 50; i += 1) await expect(refusing.read(`${randomUUID()}.png`)).rejects.toBeInstanceOf(UploadStoreUnavailableError);
    for (let i = 0; i < 50; i += 1) await refusing.remove(`/uploads/${randomUUID()}.png`);
    const bucketless = createUploadStore(dir, awayObjects(noBucket), { decodeBacklog: 0 });
    for (let i = 0; i < 50; i += 1) await expect(bucketless.read(`${randomUUID()}.png`)).rejects.toBeInstanceOf(UploadStoreUnavailableError);
  } finally {
    spy.mockRestore();
  }
  expect(lines).toEqual([
    expect.stringMatching(/^\[uploads\] could not read [\w-]+\.png in the test bucket: connect ECONNREFUSED 127\.0\.0\.1:9$/),
    '[uploads] could not delete an upload',
    expect.stringMatching(/^\[uploads\] could not read [\w-]+\.png in the test bucket: The specified bucket does not exist$/),
  ]);
});
