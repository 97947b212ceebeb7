import { accountsModule } from './accounts/index.js';
import { adjustmentsModule } from './adjustments/index.js';
import { approvalsModule } from './approvals/index.js';
import { auditLogModule } from './audit-log/index.js';
import { availabilityModule } from './availability/index.js';
import { authModule } from './auth/index.js';
import { catalogModule } from './catalog/index.js';
import { customersModule } from './customers/index.js';
import { filesModule } from './files/index.js';
import { fixedDepositsModule } from './fixed-deposits/index.js';
import { fundingModule } from './funding/index.js';
import { kycModule } from './kyc/index.js';
import type { AppModule } from './module.js';
import { notificationsModule } from './notifications/index.js';
import { overviewModule } from './overview/index.js';
import { passkeysModule } from './passkeys/index.js';
import { pinModule } from './pin/index.js';
import { profileModule } from './profile/index.js';
import { receiptsModule } from './receipts/index.js';
import { settingsModule } from './settings/index.js';
import { staffModule } from './staff/index.js';
import { statementsModule } from './statements/index.js';
import { supportModule } from './support/index.js';
import { systemModule } from './system/index.js';
import { transfersModule } from './transfers/index.js';
import { trialBalanceModule } from './trial-balance/index.js';

/** Every feature module, wired the same way (app.ts registers routes, main.ts runs jobs). */
export const modules: readonly AppModule[] = [
  systemModule,
  authModule,
  accountsModule,
  catalogModule,
  kycModule,
  filesModule,
  notificationsModule,
  pinModule,
  settingsModule,
  passkeysModule,
  profileModule,
  supportModule,
  availabilityModule,
  statementsModule,
  fundingModule,
  fixedDepositsModule,
  transfersModule,
  approvalsModule,
  customersModule,
  staffModule,
  auditLogModule,
  trialBalanceModule,
  overviewModule,
  adjustmentsModule,
  receiptsModule,
];

export type { AppModule } from './module.js';
