/**
 * The transfer feature's pages (spec: send, with confirm and pin), one lazy chunk for the
 * router: the form, its schemas and the country list load only when one is opened.
 */
export { ConfirmTransferPage } from './ConfirmTransferPage';
export { SendPage } from './SendPage';
export { TransferPinPage } from './TransferPinPage';
