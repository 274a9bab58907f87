import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The fleet of docker/compose.yaml without Docker: the built server as two
 * replicas (WORKER=0, TRUST_PROXY=1) and a worker, on one PostgreSQL and one
 * S3-compatible store, behind Debian's nginx running docker/nginx.conf with
 * the replicas' addresses and its own paths filled in.
 */

const ROOT = join(__dirname, '../..');
const MAIN = join(ROOT, 'backend/dist/src/main.js');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One `node backend/dist/src/main.js`, its log in its DATA_DIR. */
export class Instance {
  child!: ChildProcess;
  exited!: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly url: string;
  readonly dataDir: string;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.dataDir = mkdtempSync(join(tmpdir(), `stockroom-fleet-${name}-`));
  }

  get logFile(): string {
    return join(this.dataDir, 'server.log');
  }

  /** Starts the process and waits until /api/health/ready answers 200. */
  async start(): Promise<void> {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: this.dataDir, PORT: String(this.port), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.pipe(log);
    this.child.stderr!.pipe(log);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${readFileSync(this.logFile, 'utf8')}`);
      const ready = await fetch(`${this.url}/api/health/ready`).then((res) => res.status, () => 0);
      if (ready === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} was not ready within 60 s:\n${readFileSync(this.logFile, 'utf8')}`);
  }

  kill(signal: NodeJS.Signals): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  async stop(): Promise<void> {
    this.kill('SIGTERM');
    await this.exited;
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Debian's nginx, installed by .ci/run when missing; the fleet test is never skipped for want of it. */
function nginxBinary(): string {
  const found = NGINX_CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error(`nginx not found (${NGINX_CANDIDATES.join(', ')}): install Debian's nginx (apt-get install -y nginx); .ci/run does`);
  return found;
}

/** docker/nginx.conf with the replicas' addresses, a port of 127.0.0.1, one worker and every path in `dir`. */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const template = readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8');
  const servers = template.match(/^\s*server app\d:3000[^\n]*$/gm);
  if (!servers || servers.length !== upstreams.length) throw new Error('docker/nginx.conf does not list one server per replica');
  let config = template
    .replace('worker_processes auto;', `worker_processes 1;\nerror_log ${dir}/error.log warn;`)
    .replace('pid /tmp/nginx.pid;', `pid ${dir}/nginx.pid;`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace(
      'http {',
      `http {\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join('\n  ')}`,
    );
  servers.forEach((line, i) => (config = config.replace(line, line.replace(/app\d:3000/, `127.0.0.1:${upstreams[i]}`))));
  return config;
}

export class Proxy {
  private child!: ChildProcess;
  readonly dir = mkdtempSync(join(tmpdir(), 'stockroom-fleet-nginx-'));
  url = '';

  async start(upstreams: number[]): Promise<void> {
    const binary = nginxBinary();
    const port = await freePort();
    // Run as root, nginx's workers drop to nobody: they must be able to write its temporary files.
    chmodSync(this.dir, 0o755);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(this.dir, kind), { mode: 0o777 });
    writeFileSync(join(this.dir, 'error.log'), '', { mode: 0o666 });
    writeFileSync(join(this.dir, 'nginx.conf'), nginxConfig(this.dir, port, upstreams));
    const checked = spawnSync(binary, ['-t', '-p', this.dir, '-c', join(this.dir, 'nginx.conf')], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx refused its configuration:\n${checked.stderr}`);
    this.child = spawn(binary, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(join(this.dir, 'error.log'), 'utf8')}`);
      if ((await fetch(`${this.url}/api/health/live`).then((res) => res.status, () => 0)) === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('nginx did not answer within 10 s');
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGQUIT');
    await exited;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
