/**
 * The second step of a sign-in, staff and customer: one chunk, so the entry chunk carries one
 * lazy import for both (issue 8: the sign-in page's budget).
 */
export { SecondFactorPage } from './second-factor/SecondFactorPage';
export { TwoStepSigninPage } from './two-step/TwoStepSigninPage';
