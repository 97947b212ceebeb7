/**
 * The funding feature's pages (spec: Add funds, Make payment, Fixed deposit, Upgrade), one lazy
 * chunk for the router: the QR code library and the forms load only when one is opened.
 */
export { AddFundsLayout, AddFundsPage, CryptoDepositPage } from './AddFundsPages';
export { FixedDepositBalancePage } from './FixedDepositBalancePage';
export { FixedDepositCryptoPage, FixedDepositPage } from './FixedDepositPages';
export { MakePaymentPage, PaymentCryptoPage } from './MakePaymentPages';
export { PaymentBalancePage } from './PaymentBalancePage';
export { ReceivePage } from './ReceivePage';
export { UpgradePage } from './UpgradePage';
