import type { AppModule } from '../module.js';
import { catalogRoutes } from './routes.js';

/** What staff keep in the catalog (catalog.manage): for now, the identity document types. */
export const catalogModule: AppModule = { name: 'catalog', routes: catalogRoutes };
