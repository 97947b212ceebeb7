import type { AppModule } from '../module.js';
import { profileRoutes } from './routes.js';

/** The customer's profile: details, the write-only next of kin, the picture. */
export const profileModule: AppModule = { name: 'profile', routes: profileRoutes };
export {
  ownersOfPhone,
  phonesOf,
  postalAddressOf,
  profileCountryOf,
  startProfile,
} from './repo.js';
export { profile as customerProfile } from './service.js';
