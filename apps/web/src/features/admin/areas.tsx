import { APPROVAL_INBOX_PERMISSIONS, PERMISSIONS, type Me, type Permission } from '@bank/contract';
import {
  BanknoteArrowDown,
  Bitcoin,
  Fingerprint,
  Globe,
  Headset,
  IdCard,
  Landmark,
  LayoutDashboard,
  Layers,
  PiggyBank,
  PenLine,
  Scale,
  ScanFace,
  ScrollText,
  SendHorizontal,
  SlidersHorizontal,
  Stamp,
  Tags,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { holds } from './shared/staff-member';

/** The menu's groups, in its order. */
export const MENU_GROUPS = [
  'Queues',
  'Customers & money',
  'Catalog',
  'Administration',
  'Your account',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Fetches a page's code (a lazy route: nothing of the back office ships with other pages). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * One staff area: a place in the menu and the pages behind it, all for holders of `permission`
 * (the server checks it again on every call). The router (routes.tsx) and the menu
 * (StaffNav.tsx) are both made from this list.
 */
export interface StaffArea {
  /** Under /admin: 'kyc', 'catalog/crypto-types'. '' is the back office's front page. */
  path: string;
  /** The menu's words, and most often the page's heading. */
  label: string;
  /** The permission it needs, or a list of which any one will do (the overview: any staff). */
  permission: Permission | readonly Permission[];
  icon: LucideIcon;
  /** Where the menu lists it; none for the front page, which comes first. */
  group?: MenuGroup;
  /** The page at `path`. */
  page: PageLoader;
  /** Pages under `path`, by their path below it: `{ ':id': … }` is `kyc/:id`. */
  children?: Readonly<Record<string, PageLoader>>;
  /** Routed but not offered in the menu: an area reached only from another page. */
  hidden?: true;
}

/**
 * Every staff area, in menu order within each group. A new area is one entry here and its
 * folder under features/admin/ (walled in by eslint.config.js: it may use ./shared, never
 * another area).
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  {
    path: '',
    label: 'Overview',
    permission: PERMISSIONS,
    icon: LayoutDashboard,
    page: () => import('./overview/OverviewPage').then((m) => m.OverviewPage),
  },
  {
    path: 'kyc',
    label: 'Identity checks',
    permission: 'kyc.review',
    icon: ScanFace,
    group: 'Queues',
    page: () => import('./kyc/KycQueuePage').then((m) => m.KycQueuePage),
    children: { ':id': () => import('./kyc/KycReviewPage').then((m) => m.KycReviewPage) },
  },
  {
    path: 'funding',
    label: 'Funding requests',
    permission: 'funding.review',
    icon: BanknoteArrowDown,
    group: 'Queues',
    page: () => import('./funding/FundingQueuePage').then((m) => m.FundingQueuePage),
    children: {
      ':id': () => import('./funding/FundingReviewPage').then((m) => m.FundingReviewPage),
    },
  },
  {
    path: 'transfers',
    label: 'Outgoing transfers',
    permission: 'transfers.process',
    icon: SendHorizontal,
    group: 'Queues',
    page: () => import('./transfers/TransferQueuePage').then((m) => m.TransferQueuePage),
    children: {
      ':id': () => import('./transfers/TransferReviewPage').then((m) => m.TransferReviewPage),
    },
  },
  {
    path: 'approvals',
    label: 'Approvals',
    permission: APPROVAL_INBOX_PERMISSIONS,
    icon: Stamp,
    group: 'Queues',
    page: () => import('./approvals/ApprovalsPage').then((m) => m.ApprovalsPage),
    children: { ':id': () => import('./approvals/ApprovalPage').then((m) => m.ApprovalPage) },
  },
  {
    path: 'customers',
    label: 'Customers',
    permission: 'customers.manage',
    icon: Users,
    group: 'Customers & money',
    page: () => import('./customers/CustomerSearchPage').then((m) => m.CustomerSearchPage),
    children: {
      ':id': () => import('./customers/CustomerPage').then((m) => m.CustomerPage),
      ':id/:section': () => import('./customers/CustomerPage').then((m) => m.CustomerPage),
    },
  },
  {
    path: 'catalog/document-types',
    label: 'Document types',
    permission: 'catalog.manage',
    icon: IdCard,
    group: 'Catalog',
    page: () => import('./catalog/DocumentTypesPage').then((m) => m.DocumentTypesPage),
  },
  {
    path: 'catalog/support-contacts',
    label: 'Support contacts',
    permission: 'catalog.manage',
    icon: Headset,
    group: 'Catalog',
    page: () => import('./catalog/SupportContactsPage').then((m) => m.SupportContactsPage),
  },
  {
    path: 'catalog/crypto-types',
    label: 'Crypto types',
    permission: 'catalog.manage',
    icon: Bitcoin,
    group: 'Catalog',
    page: () => import('./catalog/CryptoTypesPage').then((m) => m.CryptoTypesPage),
  },
  {
    path: 'catalog/payment-purposes',
    label: 'Payment purposes',
    permission: 'catalog.manage',
    icon: Tags,
    group: 'Catalog',
    page: () => import('./catalog/PaymentPurposesPage').then((m) => m.PaymentPurposesPage),
  },
  {
    path: 'catalog/fixed-deposit-plans',
    label: 'Fixed-deposit plans',
    permission: 'catalog.manage',
    icon: PiggyBank,
    group: 'Catalog',
    page: () => import('./catalog/FixedDepositPlansPage').then((m) => m.FixedDepositPlansPage),
  },
  {
    path: 'catalog/account-plans',
    label: 'Account plans',
    permission: 'catalog.manage',
    icon: Layers,
    group: 'Catalog',
    page: () => import('./catalog/AccountPlansPage').then((m) => m.AccountPlansPage),
  },
  {
    path: 'catalog/institution',
    label: 'Institution details',
    permission: 'catalog.manage',
    icon: Landmark,
    group: 'Catalog',
    page: () => import('./catalog/InstitutionDetailsPage').then((m) => m.InstitutionDetailsPage),
  },
  {
    path: 'catalog/availability',
    label: 'Region availability',
    permission: 'catalog.manage',
    icon: Globe,
    group: 'Catalog',
    page: () => import('./catalog/AvailabilityPage').then((m) => m.AvailabilityPage),
  },
  {
    path: 'staff',
    label: 'Staff',
    permission: 'staff.manage',
    icon: UsersRound,
    group: 'Administration',
    page: () => import('./staff/StaffListPage').then((m) => m.StaffListPage),
    children: {
      invite: () => import('./staff/InviteStaffPage').then((m) => m.InviteStaffPage),
      ':id': () => import('./staff/StaffMemberPage').then((m) => m.StaffMemberPage),
    },
  },
  {
    path: 'trial-balance',
    label: 'Trial balance',
    permission: 'ledger.trial_balance',
    icon: Scale,
    group: 'Customers & money',
    page: () => import('./ledger/TrialBalancePage').then((m) => m.TrialBalancePage),
  },
  {
    path: 'settings',
    label: 'Bank settings',
    permission: 'staff.manage',
    icon: SlidersHorizontal,
    group: 'Administration',
    page: () => import('./settings/BankSettingsPage').then((m) => m.BankSettingsPage),
  },
  {
    path: 'ledger-adjustments',
    label: 'Ledger adjustments',
    permission: 'ledger.adjust.propose',
    icon: PenLine,
    group: 'Customers & money',
    page: () => import('./adjustments/LedgerAdjustmentPage').then((m) => m.LedgerAdjustmentPage),
  },
  {
    path: 'audit',
    label: 'Audit log',
    permission: 'audit.read',
    icon: ScrollText,
    group: 'Administration',
    page: () => import('./audit/AuditLogPage').then((m) => m.AuditLogPage),
  },
  {
    path: 'security',
    label: 'Your security',
    // Every staff member's own passkeys: whatever their permissions, for themselves only.
    permission: PERMISSIONS,
    icon: Fingerprint,
    group: 'Your account',
    page: () => import('./security/SecurityPage').then((m) => m.SecurityPage),
  },
];

/** Where an area's page is. */
export function hrefOf(area: Pick<StaffArea, 'path'>): string {
  return area.path ? `/admin/${area.path}` : '/admin';
}

/** One part of the menu: a group's areas, or (group null) the front page above the groups. */
export interface MenuSection {
  group: MenuGroup | null;
  areas: StaffArea[];
}

/** The menu this staff member's permissions open: its sections in order, none of them empty. */
export function menuOf(me: Me, areas: readonly StaffArea[] = STAFF_AREAS): MenuSection[] {
  const offered = areas.filter((area) => !area.hidden && holds(me, area.permission));
  return [null, ...MENU_GROUPS]
    .map((group) => ({
      group,
      areas: offered.filter((area) => (area.group ?? null) === group),
    }))
    .filter((section) => section.areas.length > 0);
}

/** The first area of the menu that is not the front page: where /admin leads without one. */
export function firstAreaOf(me: Me, areas: readonly StaffArea[] = STAFF_AREAS) {
  return menuOf(me, areas)
    .flatMap((section) => section.areas)
    .find((area) => area.path !== '');
}
