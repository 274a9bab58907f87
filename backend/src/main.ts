// First: sizes libuv's thread pool (UV_THREADPOOL_SIZE) before any import can start it.
import './common/thread-pool';
import 'reflect-metadata';
import { setTimeout as delay } from 'node:timers/promises';
import { createApp } from './app';
import { databaseLimitsOf, loadConfig } from './config/config';
import { startupProblemOf } from './app/startup-problem';
import { openAppDatabases } from './app/database';
import { createHttpServer } from './app/http-server';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { createMailer } from './mail/mailer';
import { log } from './common/log';

async function main() {
  const config = loadConfig();
  log.level = config.logLevel;
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    log.info(`Starting the embedded PostgreSQL in ${config.dataDir}/pg ...`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (line) => log.warn(`[database] ${line}`));
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const appUrl = config.databaseUrl ? config.databaseAppUrl : embedded!.appUrl;
  if (!appUrl) log.warn("DATABASE_APP_URL is not set: requests run as DATABASE_URL's role, which row-level security does not hold (see the README)");
  const { orm, ownerOrm } = await openAppDatabases(databaseUrl, appUrl, databaseLimitsOf(config));
  // A developer reads a mail's link straight off the console; the log itself never holds an address or a token.
  const mailLog = (line: string) => (config.nodeEnv === 'development' ? console.info(line) : log.info(line));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, nodeEnv: config.nodeEnv, log: mailLog });
  const app = await createApp({ config, databaseUrl, orm, ownerOrm, mailer });
  // A store that cannot be used is one line here and in readiness, not a crash loop: the rest of the app still serves.
  app.uploads.check().then(
    () => log.info(`Uploads are kept in ${app.uploads.description}`),
    (error: Error) => log.error(`[uploads] ${error.message}; /api/health/ready answers 503 until it can be used`),
  );
  if (!config.worker) log.info('WORKER=0: serving requests only; another instance works the queued jobs');

  const server = createHttpServer(app.express, config);
  // A port in use fails start-up (below main), rather than leaving a process that says it listens and does not.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info(`Stockroom listening on http://localhost:${config.port}`);
  if (!config.smtpUrl) log.info(`Emails are written to ${config.dataDir}/mail (set SMTP_URL to send them)`);

  /** Past the grace period, closing the pool and the embedded PostgreSQL gets this long before the process gives up on them. */
  const CLEAN_UP_TIMEOUT_MS = 10_000;
  /**
   * A connection accepted just before the listener closed may hold a request
   * not read yet: nothing counts it in flight, and closeAllConnections below
   * would reset it under a request already sent (a proxy answers 502, and does
   * not retry a POST). This long is plenty for it to be read and counted.
   */
  const ACCEPTED_SETTLE_MS = 500;
  let stopping = false;
  /**
   * A clean stop: report not ready, hand new reads over to other instances for a moment, stop accepting, let the requests in flight finish (their
   * connections close after the answer) up to the grace period, then close what is left, write what
   * was counted against rate limits, let the running jobs (a mail being sent, housekeeping) finish
   * within what is left of the grace period, close the pool and the embedded PostgreSQL, and exit 0.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: draining ${app.lifecycle.requestsInFlight} request(s), at most ${config.shutdownGraceMs / 1000} s`);
    setTimeout(() => {
      log.error(`Shutdown did not finish in ${(config.shutdownGraceMs + CLEAN_UP_TIMEOUT_MS) / 1000} s; exiting`);
      process.exit(1);
    }, config.shutdownGraceMs + CLEAN_UP_TIMEOUT_MS).unref();
    app.lifecycle.startDraining();
    const graceEnds = Date.now() + config.shutdownGraceMs;
    // Closing the listener resets the connections queued at it, requests already sent among them. Until
    // then new reads are answered 503, which turns a proxy to the other instances, so nothing is queued here.
    await delay(Math.min(config.shutdownHandoverMs, config.shutdownGraceMs));
    // Also closes the idle keep-alive connections (a connection with no request read yet is not one of them).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await delay(ACCEPTED_SETTLE_MS);
    if (!(await app.lifecycle.idle(Math.max(0, graceEnds - Date.now())))) {
      log.warn(`${app.lifecycle.requestsInFlight} request(s) still running after ${config.shutdownGraceMs / 1000} s; closing their connections`);
    }
    // Every answer is out: whatever connection is still open is idle or has not sent a request yet.
    server.closeAllConnections();
    try {
      await closed;
      await app.apollo.stop();
      // Every answer is out: what was counted against rate limits (and tokens' last use) is written for the other instances.
      await app.callerUsage.stop();
      // A job cut short stays active in the queue and is retried by another instance once it expires.
      await app.jobs.stop(Math.max(0, graceEnds - Date.now()));
      await orm.close();
      if (ownerOrm !== orm) await ownerOrm.close();
      // Last: the embedded PostgreSQL runs in a session of its own, so the signal to this process group did not reach it.
      await embedded?.stop();
      log.info('Stopped cleanly');
    } catch (error) {
      log.error({ err: error }, 'Error while shutting down');
      process.exitCode = 1;
    } finally {
      process.exit();
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    // embedded-postgres, loaded on a first run to create the cluster, registers its own handlers (through
    // async-exit-hook), which exit at once with 128 + the signal; this stop closes the database last.
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

main().catch((error: unknown) => {
  // One plain line on stderr, before or instead of the log: what an operator reads when the server will not start.
  console.error(startupProblemOf(error, process.env.DATABASE_URL || undefined));
  process.exit(1);
});
