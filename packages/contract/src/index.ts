export * from './accounts.js';
export * from './api.js';
export * from './auth.js';
export * from './catalog.js';
export * from './constants.js';
export * from './kyc.js';
export * from './money.js';
