/** Business constants from the spec (section 9) and PRODUCT.md, in one place for server and web. */
export const DEFAULT_BASE_PATH = '/wp-user';
export const DEFAULT_CURRENCY = 'USD';
export const PIN_LENGTH = 4;
export const TRANSFER_CODE_LENGTH = 4;
export const DEFAULT_SERVICE_CHARGE_PERCENT = 10;
export const MINIMUM_AGE = 18;
export const PHONE_REQUIRED = 'Enter your phone number';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const BANNER_TIMEOUT_MS = 5000;
export const AUTH_REDIRECT_DELAY_MS = 5000;
export const SUCCESS_REDIRECT_DELAY_MS = 3000;
export const WELCOME_TAGLINE = 'Best E-banking system, 24/7 access';
/** Largest identity document or photo accepted, in bytes. */
export const KYC_MAX_FILE_BYTES = 8 * 1024 * 1024;
