// `npm run dev`: the server rebuilt and restarted on change (tsc --watch +
// node --watch) and the Vite dev server with hot reload on port 5173,
// proxying /graphql and /api to the server on port 3000.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
requireSupportedNode(root);
const run = (command, args) => spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });

for (const workspace of ['schema', 'backend']) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const children = [
  run('npx', ['tsc', '-p', 'schema', '--watch', '--preserveWatchOutput']),
  run('npx', ['tsc', '-p', 'backend', '--watch', '--preserveWatchOutput']),
  run(process.execPath, ['--watch', 'backend/dist/src/main.js']),
  run('npm', ['run', 'dev', '-w', 'frontend']),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
