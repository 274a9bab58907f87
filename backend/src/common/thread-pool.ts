/**
 * libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise)
 * runs every asynchronous file operation (express's sendFile for /uploads
 * and the client, the upload's temporary files), dns.lookup (the database
 * connection), zlib and async crypto, and also argon2 and sharp. A hash or
 * an image decode holds its thread for tens to hundreds of milliseconds, so
 * without a budget a burst of sign-ins or uploads takes every thread and
 * plain file serving waits behind it. The budget:
 *
 * - ARGON2_CONCURRENCY hashes or verifies at once (one thread each: argon2
 *   runs with parallelism 1); more are queued (account/password-hasher.ts).
 * - IMAGE_DECODE_CONCURRENCY sharp pipelines at once, each holding one pool
 *   thread while libvips works on LIBVIPS_THREADS_PER_IMAGE threads of its
 *   own; more wait in a short queue, then are refused (storage/upload-store.ts).
 * - RESERVED_FOR_IO threads, libuv's default pool, that neither may take.
 *
 * Four CPU-heavy threads at most, which keeps a small machine responsive;
 * the pool is their sum, 8.
 */
export const ARGON2_CONCURRENCY = 2;
export const IMAGE_DECODE_CONCURRENCY = 2;
export const LIBVIPS_THREADS_PER_IMAGE = 1;
export const RESERVED_FOR_IO = 4;
export const THREAD_POOL_SIZE = ARGON2_CONCURRENCY + IMAGE_DECODE_CONCURRENCY + RESERVED_FOR_IO;

/** libuv's own ceiling for UV_THREADPOOL_SIZE. */
const LIBUV_MAX_THREADS = 1024;

/**
 * The pool size to run with: UV_THREADPOOL_SIZE when an operator asked for
 * at least THREAD_POOL_SIZE threads (up to libuv's ceiling), otherwise
 * THREAD_POOL_SIZE, since a smaller pool would let argon2 and sharp starve
 * file serving again.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv): number {
  const asked = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(asked) && asked >= THREAD_POOL_SIZE ? Math.min(asked, LIBUV_MAX_THREADS) : THREAD_POOL_SIZE;
}

// libuv reads UV_THREADPOOL_SIZE once, when the first task reaches the pool;
// importing this module before anything else (main.ts does) sets it in time.
process.env.UV_THREADPOOL_SIZE = String(threadPoolSize(process.env));
