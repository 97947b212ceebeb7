import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  const user = userEvent.setup();
  const onResult = vi.fn();
  render(<CopyButton text="0123456789" label="Copy account number" onResult={onResult} />);
  return { user, onResult, button: screen.getByRole('button', { name: 'Copy account number' }) };
}

describe('CopyButton', () => {
  it('shows the word Copy and puts the text on the clipboard, reporting success', async () => {
    const { user, onResult, button } = setup();
    expect(button.textContent).toBe('Copy');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('0123456789');
    expect(onResult).toHaveBeenCalledWith(true);
  });

  it('reports failure when the clipboard refuses', async () => {
    const { user, onResult, button } = setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(button);
    expect(onResult).toHaveBeenCalledWith(false);
    expect(onResult).not.toHaveBeenCalledWith(true);
  });

  it('reports failure when there is no clipboard at all (an insecure page)', async () => {
    const { user, onResult, button } = setup();
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    await user.click(button);
    expect(onResult).toHaveBeenCalledWith(false);
  });
});
