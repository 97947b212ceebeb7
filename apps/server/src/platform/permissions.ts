/** Every staff permission (PRODUCT.md, "The back office"); each staff route names one. */
export const PERMISSIONS = [
  'kyc.review',
  'funding.review',
  'transfers.process',
  'customers.manage',
  'catalog.manage',
  'ledger.adjust.propose',
  'ledger.adjust.approve',
  'ledger.trial_balance',
  'audit.read',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The roles the bank starts with. An admin holds every permission. */
export const DEFAULT_ROLES: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  kyc_reviewer: ['kyc.review'],
  operations: ['funding.review', 'transfers.process', 'customers.manage'],
  finance: ['ledger.adjust.propose', 'ledger.adjust.approve', 'ledger.trial_balance', 'audit.read'],
};
