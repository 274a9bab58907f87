// The Node that runs the app must be the one package.json's `engines` names.
// On Linux `npm ci` installs it (the node-linux-* optionalDependencies) and
// npm scripts find it first on their PATH; elsewhere it is the system's Node.
// npm itself prints errors only (.npmrc), so a too-old Node is refused here,
// before anything starts, rather than failing later in a dependency.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Exits with a clear message when this Node is older than `engines.node` (a `>=N` range). */
export function requireSupportedNode(root) {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const required = Number(/\d+/.exec(range)[0]);
  if (Number(process.versions.node.split('.')[0]) >= required) return;
  console.error(
    `Stockroom runs on Node ${range}; this is Node ${process.version} (${process.execPath}).\n` +
      `On Linux x64/arm64, npm ci installs Node ${required} into node_modules/.bin and npm start uses it;` +
      ` elsewhere install Node ${required} or later.`,
  );
  process.exit(1);
}
