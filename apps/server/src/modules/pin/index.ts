import type { AppModule } from '../module.js';
import { pinRoutes } from './routes.js';

/**
 * The transaction PIN: one keyed-hash store and one check, used by settings, transfers and every
 * payment out of the balance (payments, upgrades, fixed deposits).
 */
export const pinModule: AppModule = { name: 'pin', routes: pinRoutes };
export { verifyPin, NO_PIN, liftPinPause, pinStatus } from './service.js';
