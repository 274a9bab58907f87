/** jest globalTeardown for the e2e project: stop the server, remove its data. */
import { readFileSync, rmSync } from 'node:fs';
import { removeDir, stopServer } from './server.mjs';

export default async function globalTeardown() {
  const server = globalThis.__STOCKROOM_E2E_SERVER__;
  const stateFile = process.env.E2E_STATE_FILE;
  let state = server;
  if (!state && stateFile) {
    try {
      state = JSON.parse(readFileSync(stateFile, 'utf8'));
    } catch {
      state = undefined;
    }
  }
  if (state) {
    await stopServer(state);
    if (process.env.E2E_KEEP_DATA) console.log(`e2e: kept ${state.dataDir}`);
    else removeDir(state.dataDir);
  }
  if (stateFile) rmSync(stateFile, { force: true });
  delete globalThis.__STOCKROOM_E2E_SERVER__;
}
