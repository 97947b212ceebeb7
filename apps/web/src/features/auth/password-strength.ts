/** Password strength from zxcvbn, loaded on first use so it stays out of the main bundle. */

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export const STRENGTH_LABELS: Record<StrengthScore, string> = {
  0: 'Weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

let scorer: Promise<(password: string) => StrengthScore> | undefined;

function loadScorer() {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
      });
      return (password: string) => zxcvbn.check(password).score as StrengthScore;
    },
  );
  return scorer;
}

export async function scorePassword(password: string): Promise<StrengthScore> {
  const score = await loadScorer();
  return score(password);
}
