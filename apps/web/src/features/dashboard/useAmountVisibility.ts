import { useState } from 'react';

/** The local key that remembers whether amounts are shown (SPEC section 9). */
export const DISPLAY_AMOUNT_KEY = 'displayAmount';

// Storage can throw (private mode, blocked cookies); the preference is a nicety, so carry on.
function readShown(): boolean {
  try {
    return localStorage.getItem(DISPLAY_AMOUNT_KEY) !== 'false';
  } catch {
    return true;
  }
}

function writeShown(shown: boolean): void {
  try {
    localStorage.setItem(DISPLAY_AMOUNT_KEY, String(shown));
  } catch {
    // Not remembered this time; the toggle still works on this page.
  }
}

export interface AmountVisibility {
  shown: boolean;
  toggle: () => void;
}

/** Whether amounts are shown; read once from storage, saved on every toggle. */
export function useAmountVisibility(): AmountVisibility {
  const [shown, setShown] = useState(readShown);
  const toggle = () => {
    const next = !shown;
    writeShown(next);
    setShown(next);
  };
  return { shown, toggle };
}
