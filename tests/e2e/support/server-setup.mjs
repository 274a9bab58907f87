/**
 * jest globalSetup for the e2e project: checks Chromium and the build, starts
 * the built server on free ports with a fresh DATA_DIR and shares its address
 * with the test workers (process.env, inherited by the workers, plus a state
 * file for anything started outside jest's process tree).
 */
import { accessSync, constants, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, startServer } from './server.mjs';

export const stateFile = join(tmpdir(), `stockroom-e2e-${process.pid}.json`);

/** The desktop Chromium (a camera, installing the app, Lighthouse) and the headless shell every other browser test drives. */
export function chromiumPaths() {
  return {
    CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    CHROMIUM_HEADLESS_SHELL_PATH: process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell',
  };
}

export default async function globalSetup() {
  const paths = chromiumPaths();
  for (const [name, path] of Object.entries(paths)) {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new Error(
        `Chromium not found at ${path}. The browser tests need Debian's Chromium: ` +
          "install its packages (`apt-get install -y chromium chromium-headless-shell`) or set " +
          `${name}. They are never skipped.`,
      );
    }
  }
  assertBuilt();

  const server = await startServer({ label: 'e2e' });
  globalThis.__STOCKROOM_E2E_SERVER__ = server;

  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_STATE_FILE = stateFile;
  Object.assign(process.env, paths);
  writeFileSync(
    stateFile,
    JSON.stringify({ baseUrl: server.baseUrl, dataDir: server.dataDir, pid: server.pid, logFile: server.logFile }, null, 2),
  );
  console.log(`\ne2e: Stockroom at ${server.baseUrl} (DATA_DIR ${server.dataDir})`);
}
