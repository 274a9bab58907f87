// `npm start`: builds whatever is missing or older than its sources, then
// runs the server (embedded PostgreSQL unless DATABASE_URL is set).
// package.json starts it with `exec`, so it replaces the shell npm runs
// scripts in and is npm's own child: the SIGTERM or SIGINT npm forwards
// reaches it (a shell that waits on it would keep it, or die of it without
// passing it on), it passes it to the server, and npm exits once the server
// and its PostgreSQL have stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireSupportedNode } from './runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
requireSupportedNode(root);

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

const parts = [
  { name: 'schema', output: 'schema/dist/src/index.js', sources: ['schema/src', 'schema/generated'] },
  { name: 'backend', output: 'backend/dist/src/main.js', sources: ['backend/src', 'backend/scripts', 'schema/src'] },
  { name: 'frontend', output: 'frontend/dist/index.html', sources: ['frontend/src', 'frontend/index.html', 'frontend/playground.html', 'frontend/vite.config.ts', 'schema/src', 'schema/generated'] },
];

for (const part of parts) {
  const output = join(root, part.output);
  if (existsSync(output) && statSync(output).mtimeMs >= newest(part.sources)) continue;
  console.info(`Building ${part.name} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server sets its own thread pool size first thing; passing it in the environment as well makes it hold even before that line runs.
const { threadPoolSize } = await import(pathToFileURL(join(root, 'backend/dist/src/common/thread-pool.js')).href);
// Two malloc arenas, not one per thread: image decoding and password hashing free large blocks on any
// of the pool's threads, and with an arena each glibc keeps that memory rather than returning it
// (docs/benchmarks.md, "Soak"). An operator's own MALLOC_ARENA_MAX wins.
const env = { ...process.env, UV_THREADPOOL_SIZE: String(threadPoolSize(process.env)), MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
const server = spawn(process.execPath, [join(root, 'backend/dist/src/main.js')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
