// First: sizes libuv's thread pool (UV_THREADPOOL_SIZE) before any import can start it.
import './common/thread-pool';
import 'reflect-metadata';
import type { Server } from 'node:http';
import { createApp } from './app';
import { sweepExpiredAuthState } from './auth/housekeeping';
import { sweepOrphanUploads } from './uploads/upload-housekeeping';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './app/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { createMailer } from './mail/mailer';

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    console.info(`Starting the embedded PostgreSQL in ${config.dataDir}/pg ...`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  }
  const orm = await openDatabase(config.databaseUrl ?? embedded!.url);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, nodeEnv: config.nodeEnv });
  const app = await createApp({ config, orm, mailer });

  const server: Server = app.express.listen(config.port, () => {
    console.info(`Stockroom listening on http://localhost:${config.port}`);
    if (!config.smtpUrl) console.info(`Emails are written to ${config.dataDir}/mail (set SMTP_URL to send them)`);
  });

  const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
  const housekeeping = setInterval(() => {
    sweepExpiredAuthState(orm.em.fork()).catch((error) => console.error('[housekeeping]', error));
    sweepOrphanUploads(orm.em.fork(), app.uploads).catch((error) => console.error('[housekeeping]', error));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  const SHUTDOWN_TIMEOUT_MS = 10_000;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
    // A dead database can leave a close waiting forever; never outlive this.
    setTimeout(() => {
      console.error(`Shutdown did not finish in ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    clearInterval(housekeeping);
    server.close();
    server.closeAllConnections();
    try {
      await app.apollo.stop();
      await mailer.idle();
      await orm.close();
      await embedded?.stop();
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exitCode = 1;
    } finally {
      process.exit();
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error : `Start-up failed: ${String(error)}`);
  process.exit(1);
});
