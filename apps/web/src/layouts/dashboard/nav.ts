import {
  Bell,
  ChartColumn,
  CreditCard,
  Crown,
  HandCoins,
  LayoutDashboard,
  LifeBuoy,
  PiggyBank,
  Receipt,
  ReceiptText,
  Send,
  Settings,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  /** Under /dashboard; '' is the dashboard itself. */
  section: string;
  icon: LucideIcon;
  /** A section whose work is still under way: marked in the menu, a "coming soon" page. */
  soon?: true;
}

/** The spec's side menu, in its order (Log Out comes last, as a button). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', section: '', icon: LayoutDashboard },
  { label: 'Add funds', section: 'add-funds', icon: Wallet },
  { label: 'Make payment', section: 'make-payment', icon: Receipt },
  { label: 'Bank Transfer', section: 'send', icon: Send },
  { label: 'Loan', section: 'loan', icon: HandCoins },
  { label: 'Fixed deposit', section: 'fixed-deposit', icon: PiggyBank },
  { label: 'Notifications', section: 'notifications', icon: Bell },
  { label: 'Credit Card', section: 'credit-card', icon: CreditCard },
  { label: 'Upgrade Account', section: 'upgrade', icon: Crown },
  { label: 'Help & Support', section: 'contact', icon: LifeBuoy },
  { label: 'Pay Bills', section: 'pay-bills', icon: ReceiptText },
  { label: 'Statements & Report', section: 'statements', icon: ChartColumn },
  { label: 'Settings', section: 'settings', icon: Settings },
];
