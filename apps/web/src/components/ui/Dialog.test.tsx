import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setNonce } from 'get-nonce';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

afterEach(() => {
  cleanup();
  setNonce('');
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Enter PIN
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Enter your PIN"
        description="Your 4-digit PIN confirms this transfer."
      >
        <label>
          PIN <input />
        </label>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Enter PIN' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Enter your PIN' }) };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    const { dialog } = await openDialog();
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Your 4-digit PIN confirms this transfer.');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps the focus inside while open', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and on Close, giving the focus back to what opened it', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("gives the page's style nonce to the style it inserts to stop the page scrolling", async () => {
    // What main.tsx does with the nonce the server wrote into the page.
    setNonce('page-nonce-123');
    await openDialog();
    const inserted = [...document.head.querySelectorAll('style')];
    expect(inserted.length).toBeGreaterThan(0);
    for (const style of inserted) expect(style.getAttribute('nonce')).toBe('page-nonce-123');
  });
});
