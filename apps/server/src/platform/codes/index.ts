export { codeMatches, generateNumericCode, hashCode } from './crypto.js';
export { CODE_PURPOSES, CODE_RULES, PURPOSE_LABEL, type CodePurpose } from './purposes.js';
export {
  NOBODY,
  OTHER_CONTEXT,
  TOO_MANY_TRIES,
  WRONG_CODE,
  createCodeService,
  type CodeCheck,
  type CodeContext,
  type CodeService,
} from './service.js';
export { freshCode } from './fresh-code.js';
