export const BANK_NAME = 'Cedar Bank';
