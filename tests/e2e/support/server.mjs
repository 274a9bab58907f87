/**
 * Starts and stops the built Stockroom server exactly as production does
 * (`node backend/dist/src/main.js`, the Dockerfile's CMD) on free ports with a
 * fresh DATA_DIR. Shared by the e2e global setup and the benchmarks.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const serverEntry = join(repoRoot, 'backend/dist/src/main.js');
export const clientIndex = join(repoRoot, 'frontend/dist/index.html');

/** Throws a clear error unless the production build exists. */
export function assertBuilt() {
  const missing = [serverEntry, clientIndex].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `The built app is missing (${missing.map((p) => p.slice(repoRoot.length + 1)).join(', ')}): run \`npm run build\` first.`,
    );
  }
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Spawns the server and resolves once GET /api/users/health/status answers 200
 * with database 'up'. Rejects (and stops the process) after `timeoutMs`, or as
 * soon as the process exits.
 */
export async function startServer({ timeoutMs = 180_000, env: extraEnv = {}, label = 'e2e' } = {}) {
  assertBuilt();
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), `stockroom-${label}-`));
  const baseUrl = `http://localhost:${port}`;
  const logFile = join(dataDir, 'server.log');

  const env = { ...process.env };
  // Never let a developer's shell point the tests at a real database or mail server.
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'CLIENT_DIR']) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    AUTH_RATE_LIMIT: '100000',
    // The webhook test's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    EMBEDDED_PG_PORT: String(pgPort),
    ...extraEnv,
  });

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: a last-resort kill reaches embedded PostgreSQL too
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  let exited = null;
  const exitPromise = new Promise((res) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      res(exited);
    });
  });

  const healthUrl = `${baseUrl}/api/users/health/status`;
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  for (;;) {
    if (exited) {
      throw new Error(
        `The server exited during start-up (code ${exited.code}, signal ${exited.signal}). Log ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(5_000) });
      const body = await res.json().catch(() => ({}));
      if (res.ok && body.database === 'up') break;
      lastError = `HTTP ${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      lastError = err.cause?.code ?? err.message;
    }
    if (Date.now() > deadline) {
      await stopServer({ pid: child.pid, child, exitPromise });
      throw new Error(
        `The server did not become healthy at ${healthUrl} within ${timeoutMs} ms (last: ${lastError}). Log ${logFile}:\n${tail(logFile)}`,
      );
    }
    let timer;
    await Promise.race([exitPromise, new Promise((r) => (timer = setTimeout(r, 250)))]);
    clearTimeout(timer);
  }

  return { baseUrl, port, pgPort, dataDir, logFile, pid: child.pid, child, exitPromise };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM, then wait for the process to exit (clean shutdown stops embedded
 * PostgreSQL); SIGKILL to its process group only after `graceMs`.
 */
export async function stopServer({ pid, child, exitPromise, graceMs = 30_000 }) {
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  if (exitPromise) {
    let timer;
    await Promise.race([exitPromise, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer); // a pending timer would keep jest alive for graceMs
  } else {
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  if (alive(pid)) {
    console.warn(`stockroom server ${pid} ignored SIGTERM for ${graceMs} ms; killing its process group`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  child?.stdout?.destroy();
  child?.stderr?.destroy();
}

export function removeDir(dir) {
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
