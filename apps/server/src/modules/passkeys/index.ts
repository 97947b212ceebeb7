import { z } from 'zod';
import { defineJob } from '../../platform/jobs/types.js';
import type { AppModule } from '../module.js';
import { deleteExpiredChallenges } from './repo.js';
import { passkeyRoutes } from './routes.js';

export { hasPasskey, passkeyNamed, removeAllOf as removeAllPasskeys } from './repo.js';
export { passkeysForStaff } from './service.js';
export {
  approveTransferWithPasskey,
  dropTransferChallenges,
  transferPasskeyOptions,
} from './transfer.js';

export const CHALLENGE_SWEEP_JOB = 'passkeys.sweep_challenges';

/** Passkeys (decision 0033): kept in Settings, signing in, approving a transfer. */
export const passkeysModule: AppModule = {
  name: 'passkeys',
  routes: passkeyRoutes,
  jobs: (deps) => [
    // Challenges asked for and never answered (a sign-in's belong to nobody) go once expired.
    defineJob({
      kind: CHALLENGE_SWEEP_JOB,
      payload: z.object({}),
      maxAttempts: 3,
      async run() {
        await deleteExpiredChallenges(deps.db, deps.clock.now());
      },
    }),
  ],
  periodic: [{ kind: CHALLENGE_SWEEP_JOB, everyMs: 10 * 60_000 }],
};
