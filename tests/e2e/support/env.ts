import { readFileSync } from 'node:fs';

export interface E2eEnv {
  baseUrl: string;
  dataDir: string;
}

/** Where the server started by globalSetup listens and keeps its data. */
export function e2eEnv(): E2eEnv {
  if (process.env.E2E_BASE_URL && process.env.E2E_DATA_DIR) {
    return { baseUrl: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };
  }
  const stateFile = process.env.E2E_STATE_FILE;
  if (stateFile) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as E2eEnv;
    return { baseUrl: state.baseUrl, dataDir: state.dataDir };
  }
  throw new Error('The e2e server is not running: run these specs with `npx jest --selectProjects e2e`.');
}

let counter = 0;
/** A unique email per call, per worker, per run. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `e2e-${tag}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** A password that meets the shared rule (upper, lower, digit, special, >= 8). */
export const PASSWORD = 'Stockroom#2024';
export const NEW_PASSWORD = 'Inventory!2025x';
