import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runningEmbeddedPostgres, sharedBuffersMegabytes } from './embedded-postgres';

const GiB = 1024 ** 3;

describe("the embedded PostgreSQL's shared buffers", () => {
  it('are a quarter of the memory of a small server', () => {
    expect(sharedBuffersMegabytes(2 * GiB)).toBe(512);
    expect(sharedBuffersMegabytes(3 * GiB)).toBe(768);
  });

  it("never fall under PostgreSQL's own 128 MB, nor pass 1 GB on a large machine", () => {
    expect(sharedBuffersMegabytes(256 * 1024 ** 2)).toBe(128);
    expect(sharedBuffersMegabytes(24 * GiB)).toBe(1024);
  });
});

describe('an embedded PostgreSQL already running in a data directory', () => {
  let dataDir: string;
  /** A pid no process has: one that has just exited. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'stockroom-pg-owner-'));
    mkdirSync(join(dataDir, 'pg'));
    writeFileSync(join(dataDir, 'pg-password'), 'secret');
    writeFileSync(join(dataDir, 'pg-app-password'), 'app-secret');
    // A live server as its pid file names it: line 1 its pid (this process stands in), line 4 its port.
    writeFileSync(join(dataDir, 'pg', 'postmaster.pid'), `${process.pid}\n${join(dataDir, 'pg')}\n1700000000\n54329\n`);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is used by a script while the process that started it runs', () => {
    writeFileSync(join(dataDir, 'pg-owner'), String(process.pid));
    expect(runningEmbeddedPostgres(dataDir)?.url).toBe('postgresql://postgres:secret@localhost:54329/stockroom');
    expect(runningEmbeddedPostgres(dataDir)?.appUrl).toBe('postgresql://stockroom_app:app-secret@localhost:54329/stockroom');
  });

  it('is not used once that process is gone (killed outright), nor without a record of it: it is a leftover for the next start to stop', () => {
    writeFileSync(join(dataDir, 'pg-owner'), String(deadPid()));
    expect(runningEmbeddedPostgres(dataDir)).toBeUndefined();
    rmSync(join(dataDir, 'pg-owner'));
    expect(runningEmbeddedPostgres(dataDir)).toBeUndefined();
  });
});
