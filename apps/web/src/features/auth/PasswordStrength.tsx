import { useEffect, useState } from 'react';
import { scorePassword, STRENGTH_LABELS, type StrengthScore } from './password-strength';

const barColours: Record<StrengthScore, string> = {
  0: 'bg-red-700',
  1: 'bg-red-700',
  2: 'bg-amber-600',
  3: 'bg-green-600',
  4: 'bg-green-700',
};

/** A meter and a word (Weak, Fair, Good, Strong) for the password being typed. */
export function PasswordStrength({ password }: { password: string }) {
  const [result, setResult] = useState<{ password: string; score: StrengthScore } | null>(null);

  useEffect(() => {
    if (!password) return;
    let current = true;
    void scorePassword(password).then((score) => {
      if (current) setResult({ password, score });
    });
    return () => {
      current = false;
    };
  }, [password]);

  if (!password || result?.password !== password) return null;
  const { score } = result;
  const label = STRENGTH_LABELS[score];

  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-full ${barColours[score]}`} style={{ width: `${(score + 1) * 20}%` }} />
      </div>
      <span className="w-14 text-sm font-medium">{label}</span>
    </div>
  );
}
