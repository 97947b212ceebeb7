import type { AppModule } from '../module.js';
import { staffRoutes } from './routes.js';
import { secondFactorResetKind } from './second-factor-reset.js';

export { bootstrapAdmin, ensureDefaultRoles, type BootstrapResult } from './bootstrap.js';
export { resetStaffSignin } from './reset.js';

/**
 * Staff management: roles, invitations by email, the staff list, role changes, deactivation,
 * and the two-person reset of a staff member's second factor.
 */
export const staffModule: AppModule = {
  name: 'staff',
  routes: staffRoutes,
  approvalKinds: [secondFactorResetKind],
};
