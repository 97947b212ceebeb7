import type { AppModule } from '../module.js';
import { customerRoutes } from './routes.js';

/**
 * The back office's customers (customers.manage, decision 21): search, the customer page read
 * through the modules that own each part, and the actions on a customer (restriction notice,
 * freeze, PIN pause, sign-out, message, internal notes), each a staff decision with a reason,
 * audited and told to the customer where it concerns them. It owns `customer_notes`; the
 * restriction and freeze live on `users`, written by the users module.
 */
export const customersModule: AppModule = { name: 'customers', routes: customerRoutes };
