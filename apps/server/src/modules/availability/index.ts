import type { AppModule } from '../module.js';
import { availabilityRoutes } from './routes.js';

export { availabilityFor } from './service.js';

/** Region availability of products (PRODUCT.md principle 6). */
export const availabilityModule: AppModule = { name: 'availability', routes: availabilityRoutes };
