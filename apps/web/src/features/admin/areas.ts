import type { Me } from '@bank/contract';

/** The staff areas, each shown only to holders of its permission (the server checks again). */
const STAFF_AREAS = [
  { to: '/admin/kyc', label: 'Identity checks', permission: 'kyc.review' },
  { to: '/admin/funding', label: 'Funding requests', permission: 'funding.review' },
  { to: '/admin/transfers', label: 'Outgoing transfers', permission: 'transfers.process' },
  { to: '/admin/catalog/document-types', label: 'Document types', permission: 'catalog.manage' },
  {
    to: '/admin/catalog/support-contacts',
    label: 'Support contacts',
    permission: 'catalog.manage',
  },
  { to: '/admin/catalog/crypto-types', label: 'Crypto types', permission: 'catalog.manage' },
  {
    to: '/admin/catalog/payment-purposes',
    label: 'Payment purposes',
    permission: 'catalog.manage',
  },
  {
    to: '/admin/catalog/fixed-deposit-plans',
    label: 'Fixed-deposit plans',
    permission: 'catalog.manage',
  },
  { to: '/admin/catalog/account-plans', label: 'Account plans', permission: 'catalog.manage' },
  { to: '/admin/catalog/institution', label: 'Institution details', permission: 'catalog.manage' },
  { to: '/admin/catalog/availability', label: 'Region availability', permission: 'catalog.manage' },
] as const;

export type StaffArea = (typeof STAFF_AREAS)[number];

/** The areas this staff member's roles open, in menu order. */
export function areasOf(me: Me): StaffArea[] {
  return STAFF_AREAS.filter((area) => me.permissions.includes(area.permission));
}
