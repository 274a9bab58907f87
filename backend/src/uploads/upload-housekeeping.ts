import type { EntityManager } from '@mikro-orm/postgresql';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runStatement } from '../db/sql';
import { isUploadName, type UploadStore } from '../storage/upload-store';

/** An upload nothing names yet is kept this long: the product form it was made for may still be open. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
/** A temporary file this old belongs to a request that died. */
export const TEMP_GRACE_MS = 60 * 60_000;

/** Which of `urls` an account's avatar or a product's image still names. */
async function referencedUrls(em: EntityManager, urls: string[]): Promise<Set<string>> {
  const rows = await runStatement<{ url: string }>(em, {
    sql: `SELECT avatar AS url FROM users WHERE avatar = ANY(?::text[])
      UNION SELECT image_url FROM products WHERE image_url = ANY(?::text[])`,
    values: [urls, urls],
  });
  return new Set(rows.map((row) => row.url));
}

/**
 * Deletes uploads nothing refers to any more (a product deleted or given
 * another image, an upload never saved on a product) once they are a day
 * old, wherever the store keeps them, and local temporary files of requests
 * that died. Safe beside running uploads: young files are never touched.
 */
export async function sweepOrphanUploads(em: EntityManager, uploads: UploadStore, now = Date.now()): Promise<number> {
  const deadTemporaries: string[] = [];
  for (const name of await readdir(uploads.dir)) {
    if (!name.startsWith('.')) continue;
    const { mtimeMs } = await stat(join(uploads.dir, name)).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > TEMP_GRACE_MS) deadTemporaries.push(name);
  }
  const old: string[] = [];
  for await (const { name, modifiedAt } of uploads.list()) if (isUploadName(name) && now - modifiedAt > ORPHAN_GRACE_MS) old.push(name);
  const kept = old.length ? await referencedUrls(em, old.map((name) => `/uploads/${name}`)) : new Set<string>();
  const orphans = old.filter((name) => !kept.has(`/uploads/${name}`));
  await Promise.all([
    ...deadTemporaries.map((name) => rm(join(uploads.dir, name), { force: true })),
    ...orphans.map((name) => uploads.delete(name)),
  ]);
  return deadTemporaries.length + orphans.length;
}
