import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import type { DB } from './db/schema.js';
import {
  SYSTEM_ACTOR,
  audit,
  auditSecurityEvent,
  type AuditWriter,
} from './platform/audit/index.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createCodeService, type CodeService } from './platform/codes/index.js';
import { openFileStore, type FileStore, type UploadStoreSettings } from './platform/files/index.js';
import { jobQueue, type JobQueue } from './platform/jobs/queue.js';
import { createMailer, type Mailer } from './platform/mail/index.js';
import { NotificationHub, createNotifier, type Notifier } from './platform/notifications/index.js';
import { ApprovalRegistry } from './modules/approvals/registry.js';
import { users } from './modules/users/index.js';

/** The part of the configuration the app itself reads. */
export type AppConfig = Pick<
  Config,
  | 'basePath'
  | 'env'
  | 'logLevel'
  | 'trustProxy'
  | 'secretKey'
  | 'appUrl'
  | 'publicOrigin'
  | 'currency'
>;

/**
 * Everything a module needs, in one object that every module receives: the database, the
 * configuration, time, background jobs, email, one-time codes, the audit log, the private
 * file store and notifications. Built once by `createDeps` (main.ts, tests); a test swaps a part (a clock it can
 * move) by passing it in.
 */
export interface AppDeps {
  database: Database;
  db: Kysely<DB>;
  config: AppConfig;
  clock: Clock;
  jobs: JobQueue;
  mail: Mailer;
  codes: CodeService;
  audit: AuditWriter;
  files: FileStore;
  /** In-app notifications (and their emails), written in the transaction of their event. */
  notifications: Notifier;
  /** This process's listeners for changes to a person's notifications (the live bell). */
  notificationHub: NotificationHub;
  /** The kinds of two-person approval, registered from the modules (app.ts). */
  approvals: ApprovalRegistry;
}

/** A one-time code purpose was paused for a person: the auth module emails them (a job). */
export const CODES_PAUSED_JOB = 'auth.codes_paused';

export function createDeps(options: {
  config: AppConfig;
  database: Database;
  /** Where uploaded files are kept (DATA_DIR/uploads): private, outside any web root. */
  uploadsDir: string;
  /** Where new uploads go (UPLOAD_STORE); the folder by default. */
  uploadStore?: UploadStoreSettings;
  clock?: Clock;
}): AppDeps {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const jobs = jobQueue;
  const mail = createMailer(jobs, config.secretKey);
  return {
    database,
    db: database.db,
    config,
    clock,
    jobs,
    mail,
    codes: createCodeService({
      secretKey: config.secretKey,
      clock,
      // A wrong code is a security event: its purpose and why, never the code.
      onFailure: async (db, { userId, purpose, reason, actor }) => {
        await auditSecurityEvent(audit, db, {
          action: 'security.code_failed',
          actor: actor ?? SYSTEM_ACTOR,
          targetId: String(userId),
          customerId: userId,
          after: { purpose, reason },
        });
      },
      onPaused: async (db, userId, purpose, until) => {
        // A security event: someone tried too many wrong codes of this person's today.
        await audit(db, {
          action: 'security.codes_paused',
          actor: SYSTEM_ACTOR,
          targetId: String(userId),
          customerId: userId > 0n ? userId : null,
          after: { purpose, until: until.toISOString() },
        });
        await jobs.enqueue(db, CODES_PAUSED_JOB, {
          userId: String(userId),
          purpose,
          until: until.toISOString(),
        });
      },
    }),
    audit,
    files: openFileStore({
      settings: options.uploadStore ?? { kind: 'local' },
      db: database.db,
      secretKey: config.secretKey,
      uploadsDir: options.uploadsDir,
    }),
    notifications: createNotifier(mail, users.findUserById),
    notificationHub: new NotificationHub(database),
    approvals: new ApprovalRegistry(),
  };
}
