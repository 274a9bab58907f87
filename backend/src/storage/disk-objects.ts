import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { byteRangeOf } from './byte-range';
import type { UploadObjects } from './upload-objects';

/** The default store: files in a directory (DATA_DIR/uploads), beside the temporary files of uploads on their way. */
export function diskObjects(dir: string): UploadObjects {
  mkdirSync(dir, { recursive: true });
  return {
    description: `directory ${dir}`,

    async put(name, path) {
      await rename(path, join(dir, name));
    },

    async get(name, rangeHeader) {
      const path = join(dir, name);
      const stats = await stat(path).catch(() => undefined);
      if (!stats?.isFile()) return undefined;
      const range = byteRangeOf(rangeHeader, stats.size);
      const body = range === 'unsatisfiable' ? Readable.from([]) : createReadStream(path, range);
      // Size and time, as Express's static files have it: a name is never rewritten, so it changes only if the file is.
      return { body, size: stats.size, range, etag: `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`, modifiedAt: stats.mtime };
    },

    async delete(name) {
      await rm(join(dir, name), { force: true });
    },

    async *list() {
      for (const name of await readdir(dir)) {
        // Temporary files are dot-names; they are the upload store's, not stored uploads.
        if (name.startsWith('.')) continue;
        const stats = await stat(join(dir, name)).catch(() => undefined);
        if (stats?.isFile()) yield { name, modifiedAt: stats.mtimeMs };
      }
    },

    async check() {
      await access(dir, constants.W_OK).catch(() => {
        throw new Error(`The uploads directory ${dir} is not writable`);
      });
    },
  };
}
