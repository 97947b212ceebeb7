import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown that starts on demand (or at once, `running`, when what it paces has just
 * happened): whole seconds left, and whether it is still running.
 */
export function useCooldown(durationMs: number, { running = false }: { running?: boolean } = {}) {
  const [now, setNow] = useState(() => (running ? Date.now() : 0));
  const [endsAt, setEndsAt] = useState<number | null>(() => (running ? now + durationMs : null));

  useEffect(() => {
    if (endsAt === null) return;
    const tick = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(tick);
  }, [endsAt]);

  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + durationMs);
  }, [durationMs]);

  const remainingMs = endsAt === null ? 0 : Math.max(0, endsAt - now);
  return { active: remainingMs > 0, secondsLeft: Math.ceil(remainingMs / 1000), start };
}
