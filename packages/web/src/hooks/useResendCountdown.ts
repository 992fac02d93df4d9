import { useCallback, useEffect, useState } from 'react';

/** Spec 000 §9: a new code can be requested 60 s after the previous one. */
export const RESEND_SECONDS = 60;

/**
 * Seconds left before the rider may ask for another code. Counts against a deadline rather
 * than decrementing, so a throttled background tab still shows the right number.
 */
export function useResendCountdown(seconds = RESEND_SECONDS) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      return left;
    };
    if (tick() === 0) return;
    const id = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  /** Starts the wait again: 60 s after a resend, or what the server asked for after a 429. */
  const restart = useCallback(
    (wait: number = seconds) => {
      setRemaining(wait);
      setDeadline(Date.now() + wait * 1000);
    },
    [seconds],
  );

  return { remaining, canResend: remaining === 0, restart };
}
