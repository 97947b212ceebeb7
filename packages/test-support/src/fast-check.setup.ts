import fc from 'fast-check';

/**
 * Every property test starts from this seed (a setup file of every vitest project), so a run
 * tries the same cases and does the same work whatever the machine's load: each property's
 * `numRuns` and bounded arbitraries fix how much, the seed fixes which. `FC_SEED=<integer>`
 * explores other cases; a failure prints its seed and path, which replay it.
 */
const seed = Number(process.env.FC_SEED ?? 20_261_127);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${seed}`);
fc.configureGlobal({ seed });
