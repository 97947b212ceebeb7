import type { AuthOutcome } from '@bank/contract';

export interface OutcomeRoute {
  to: string;
  state?: unknown;
}

export const verifyPath = (email: string) => `/auth/verify/${encodeURIComponent(email)}`;

/** Where a sign-in or email verification sends the person next (SPEC section 4). */
export function routeForOutcome(outcome: AuthOutcome): OutcomeRoute {
  switch (outcome.next) {
    case 'dashboard':
      return { to: '/dashboard' };
    case 'kyc_submit':
      return {
        to: '/auth/account/verification',
        state: { status: outcome.status, declineReason: outcome.declineReason },
      };
    case 'kyc_review':
      return { to: '/auth/account/under-review' };
    case 'staff':
      return { to: '/admin' };
    case 'notice':
      return { to: '/auth/info/notice', state: { head: outcome.head, body: outcome.body } };
    case 'verify_email':
      return { to: verifyPath(outcome.email) };
  }
}
