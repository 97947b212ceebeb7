/** Every staff permission (PRODUCT.md, "The back office"); each staff route declares one. */
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
