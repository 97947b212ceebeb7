import type { AppModule } from '../module.js';
import { codesPausedJob } from './codes-paused.js';
import { passwordResetJob } from './password-reset.js';
import { authRoutes } from './routes.js';
import { signinFollowupJob } from './signin.js';
import { signupJob } from './signup.js';
import { resendVerificationJob } from './verification.js';

export { enrolledAmong, mfaStatus, removeSecondFactor } from './mfa/repo.js';
export { promote as promoteAfterSecondFactor } from './mfa/service.js';
export {
  enablePasskey as enablePasskeySecondFactor,
  forgetTrustedBrowsers,
  passedSecondFactor,
  signinFactorMethod,
  signinProtectionOf,
} from './mfa/signin-factor.js';
export { clientOf, type ClientInfo } from './client.js';
export { alertOnNewDevice, routeSignedIn, type SignedIn } from './routing.js';

/** Sign-up, verification, sign-in with its throttle and the staff second factor, reset. */
export const authModule: AppModule = {
  name: 'auth',
  routes: authRoutes,
  jobs: (deps) => [
    signupJob(deps),
    signinFollowupJob(deps),
    passwordResetJob(deps),
    resendVerificationJob(deps),
    codesPausedJob(deps),
  ],
};
