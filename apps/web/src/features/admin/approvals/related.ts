import type { Approval, Permission } from '@bank/contract';

/** A page a proposal concerns, and who may open it. */
export interface RelatedPage {
  to: string;
  label: string;
  permission: Permission;
}

const CATALOG: Readonly<Record<string, [path: string, label: string]>> = {
  catalog_crypto_type: ['crypto-types', 'Crypto types'],
  catalog_fixed_deposit_plan: ['fixed-deposit-plans', 'Fixed-deposit plans'],
  catalog_account_plan: ['account-plans', 'Account plans'],
  catalog_institution: ['institution', 'Institution details'],
};

/**
 * The page of what a proposal concerns (its subject: a funding request, a transfer, a catalog
 * entry, a setting, a staff member), or null when it has none of its own (an adjustment).
 */
export function subjectPage(subject: Approval['subject']): RelatedPage | null {
  if (!subject) return null;
  const { type, id } = subject;
  if (type === 'funding_request') {
    return {
      to: `/admin/funding/${id}`,
      label: `Funding request ${id}`,
      permission: 'funding.review',
    };
  }
  if (type === 'transfer') {
    return {
      to: `/admin/transfers/${id}`,
      label: `Transfer ${id}`,
      permission: 'transfers.process',
    };
  }
  if (type === 'staff_member') {
    return { to: `/admin/staff/${id}`, label: `Staff member ${id}`, permission: 'staff.manage' };
  }
  if (type === 'bank_setting') {
    return { to: '/admin/settings', label: 'Bank settings', permission: 'staff.manage' };
  }
  const catalog = CATALOG[type.replace(/_add$/, '')];
  return catalog
    ? {
        to: `/admin/catalog/${catalog[0]}`,
        label: `Catalog: ${catalog[1]}`,
        permission: 'catalog.manage',
      }
    : null;
}
