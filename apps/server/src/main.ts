import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp, devMailboxAllowed } from './app.js';
import { ConfigError, linkHost, loadConfig } from './config.js';
import { databaseOptionsFrom, openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { createDeps } from './deps.js';
import { ensureInternalAccounts, startLedgerFolder } from './ledger/index.js';
import { modules } from './modules/index.js';
import { bootstrapAdmin, ensureDefaultRoles } from './modules/staff/bootstrap.js';
import { startJobWorker } from './platform/jobs/worker.js';
import { createMailTransport, emailJob } from './platform/mail/index.js';
import { createRedisClient } from './platform/redis.js';

/** The built web app: apps/web/dist, two levels up from both src/ and dist/. */
const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    ...databaseOptionsFrom(config),
    ...(config.databaseUrl
      ? { onIdleError: (error: Error) => console.error('database connection lost:', error.message) }
      : {}),
  });
  // Shared rate-limit counters for several app servers; an outage is reported, never fatal.
  let redisNotice = (message: string) => console.error(message);
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, (message) => redisNotice(message))
    : undefined;
  const deps = createDeps({
    config,
    database,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    uploadStore: config.uploadStore,
  });
  let app;
  let report;
  try {
    report = await migrate(database.db);
    await ensureInternalAccounts(database.db, config.currency);
    await ensureDefaultRoles(database.db);
    if (config.bootstrapAdmin) {
      const created = await bootstrapAdmin(database.db, config.bootstrapAdmin);
      if (created === 'created')
        console.error(`  staff admin ${config.bootstrapAdmin.email} created`);
    }
    app = await buildApp({
      deps,
      serverId: config.serverId,
      ...(redis ? { rateLimitStore: { redis } } : {}),
      webRoot,
      // Without SMTP, mail lands in DATA_DIR/mailbox, readable at /dev/mailbox from this
      // machine only (never in production, never when listening beyond loopback).
      ...(config.smtpUrl ? {} : { devMailbox: { dataDir: config.dataDir, host: config.host } }),
    });
  } catch (error) {
    // Release the database (and the embedded database's lock) before giving up.
    await database.close();
    redis?.disconnect();
    throw error;
  }
  app.log.info(
    {
      engine: database.engine,
      uploadStore: config.uploadStore.kind,
      migrations: report.applied,
      dataDir: config.dataDir,
    },
    report.applied.length > 0 ? 'database migrated' : 'database up to date',
  );

  redisNotice = (message) => app.log.warn(message);

  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: app.log,
  });
  const worker = startJobWorker({
    db: database.db,
    handlers: [
      emailJob(transport, config.secretKey),
      ...modules.flatMap((m) => m.jobs?.(deps) ?? []),
    ],
    periodic: modules.flatMap((m) => m.periodic ?? []),
    logger: app.log,
  });
  // The bank's own accounts post without a lock; their movements reach the cached balance here
  // (decision 29).
  const folder = startLedgerFolder({
    db: database.db,
    onError: (error) => app.log.warn({ err: error }, 'ledger fold failed; trying again shortly'),
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await worker.stop();
    await folder.stop();
    transport.close();
    redis?.disconnect();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = `http://${linkHost(config.host)}:${port}`;
  // Without PUBLIC_URL, links in emails point where the server actually listens (PORT=0
  // picks a port only now).
  if (!config.publicOrigin) deps.config.appUrl = `${origin}${config.basePath}`;
  const url = `${origin}${config.basePath}/`;
  app.log.info({ url }, `bank ready at ${url}`);
  const mailbox = config.smtpUrl
    ? '  Email: sent through SMTP_URL'
    : devMailboxAllowed(config.env, config.host)
      ? `  Email: not sent; read it at ${origin}/dev/mailbox (this machine only)`
      : `  Email: not sent; saved under ${config.dataDir}/mailbox (the /dev/mailbox page is off: HOST is not a loopback address)`;
  const docs =
    config.env === 'production'
      ? '  API docs: /api/docs (staff only)'
      : `  API docs: ${origin}/api/docs`;
  // The lines a person starting the app looks for; stderr keeps stdout pure JSON logs.
  process.stderr.write(`\n  Cedar Bank is running at ${url}\n${mailbox}\n${docs}\n\n`);
}

start().catch((error: unknown) => {
  console.error('failed to start:', error);
  process.exit(1);
});
