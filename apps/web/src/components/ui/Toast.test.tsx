import { BANNER_TIMEOUT_MS } from '@bank/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast, useToast } from './Toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page with one button that shows a toast. */
function Harness() {
  const { toast, show } = useToast();
  return (
    <>
      <button type="button" onClick={() => show({ text: 'Copied to clipboard', tone: 'success' })}>
        Copy
      </button>
      <Toast toast={toast} />
    </>
  );
}

describe('Toast', () => {
  it('announces the message in a polite live region that is there before and after it', () => {
    vi.useFakeTimers();
    render(<Harness />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(region.textContent).toBe('Copied to clipboard');

    act(() => vi.advanceTimersByTime(BANNER_TIMEOUT_MS));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('');
  });
});
