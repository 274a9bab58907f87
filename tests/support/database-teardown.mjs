import { rmSync } from 'node:fs';

export default async function teardown() {
  const { pg, dir } = globalThis.__STOCKROOM_PG__ ?? {};
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
