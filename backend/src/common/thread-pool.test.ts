import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { ARGON2_CONCURRENCY, IMAGE_DECODE_CONCURRENCY, RESERVED_FOR_IO, THREAD_POOL_SIZE, threadPoolSize } from './thread-pool';

describe('threadPoolSize', () => {
  it('holds a thread for every hash and decode allowed at once and libuv’s default four besides', () => {
    expect(threadPoolSize({})).toBe(THREAD_POOL_SIZE);
    expect(THREAD_POOL_SIZE).toBeGreaterThanOrEqual(ARGON2_CONCURRENCY + IMAGE_DECODE_CONCURRENCY + RESERVED_FOR_IO);
    expect(RESERVED_FOR_IO).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['a larger pool an operator asked for', '16', 16],
    ['libuv’s ceiling for a larger one', '5000', 1024],
    ['the budget for a smaller one', '4', THREAD_POOL_SIZE],
    ['the budget for a value that is not a whole number', 'lots', THREAD_POOL_SIZE],
    ['the budget for an empty value', '', THREAD_POOL_SIZE],
  ])('gives %s', (_label, value, size) => {
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: value })).toBe(size);
  });
});

describe('importing the module first', () => {
  let dir: string;
  let moduleFile: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stockroom-thread-pool-'));
    moduleFile = join(dir, 'thread-pool.js');
    const source = readFileSync(join(__dirname, 'thread-pool.ts'), 'utf8');
    writeFileSync(moduleFile, ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * In a fresh node that imports the module before anything else, holds
   * `busy` pool threads in open() on FIFOs nobody writes to, then asks for one
   * more (a stat): it is served only if the pool has more than `busy`
   * threads. The FIFOs are released once the stat answers; a pool too small
   * never answers and the process is killed at the deadline.
   */
  function freeThreadBehind(busy: number, uvThreadpoolSize?: string): string {
    const fifos = Array.from({ length: busy }, (_, i) => join(dir, `fifo-${busy}-${uvThreadpoolSize ?? 'unset'}-${i}`));
    execFileSync('mkfifo', fifos);
    const probe = `
      require(${JSON.stringify(moduleFile)});
      const fs = require('node:fs');
      const fifos = ${JSON.stringify(fifos)};
      for (const fifo of fifos) fs.open(fifo, 'r', (error, fd) => error || fs.closeSync(fd));
      fs.stat(${JSON.stringify(dir)}, (error) => {
        process.stdout.write(error ? 'stat failed' : 'free thread');
        for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, 'w'));
      });`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.UV_THREADPOOL_SIZE;
    if (uvThreadpoolSize !== undefined) env.UV_THREADPOOL_SIZE = uvThreadpoolSize;
    const child = spawnSync(process.execPath, ['-e', probe], { env, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    return child.stdout;
  }

  it(`gives libuv's pool ${THREAD_POOL_SIZE} threads: one is free while ${THREAD_POOL_SIZE - 1} are held`, () => {
    expect(freeThreadBehind(THREAD_POOL_SIZE - 1)).toBe('free thread');
  });

  it('raises a smaller UV_THREADPOOL_SIZE from the environment to the budget', () => {
    expect(freeThreadBehind(THREAD_POOL_SIZE - 1, '2')).toBe('free thread');
  });

  it('keeps a larger UV_THREADPOOL_SIZE from the environment', () => {
    expect(freeThreadBehind(THREAD_POOL_SIZE + 3, String(THREAD_POOL_SIZE + 4))).toBe('free thread');
  });
});

describe('main.ts', () => {
  it('imports the thread-pool module before anything else, so the size is set before the pool starts', () => {
    const source = readFileSync(join(__dirname, '../main.ts'), 'utf8');
    const firstImport = source.match(/^import\s+(?:[^'"]*from\s+)?['"]([^'"]+)['"]/m)?.[1];
    expect(firstImport).toBe('./common/thread-pool');
  });
});
