import type { AuthOutcome } from '@bank/contract';
import { VIA_FLOW } from '../../lib/flow-state';
import { CUSTOMER_SECOND_FACTOR_PATH, SECOND_FACTOR_PATH } from '../../lib/session';

export interface OutcomeRoute {
  to: string;
  state?: unknown;
}

export const verifyPath = (email: string) => `/auth/verify/${encodeURIComponent(email)}`;

/** Where a sign-in or email verification sends the person next (SPEC section 4). */
export function routeForOutcome(outcome: AuthOutcome): OutcomeRoute {
  switch (outcome.next) {
    case 'dashboard':
      // The dashboard says "Welcome Back" once (spec, section 8).
      return { to: '/dashboard', state: { welcomeBack: true } };
    case 'kyc_submit':
      return {
        to: '/auth/account/verification',
        state: { status: outcome.status, declineReason: outcome.declineReason },
      };
    case 'kyc_review':
      return { to: '/auth/account/under-review', state: VIA_FLOW };
    case 'staff':
      return { to: '/admin' };
    case 'notice':
      return { to: '/auth/info/notice', state: { head: outcome.head, body: outcome.body } };
    case 'verify_email':
      return { to: verifyPath(outcome.email) };
    case 'staff_mfa':
      return { to: SECOND_FACTOR_PATH, state: { enrolled: outcome.enrolled } };
    case 'second_factor':
      return { to: CUSTOMER_SECOND_FACTOR_PATH, state: { method: outcome.method } };
    case 'signin_code':
      return { to: '/auth/signin', state: { codeFor: outcome.email } };
  }
}
