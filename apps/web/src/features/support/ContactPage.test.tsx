import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers } from '../../test-fixtures';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Help & Support', () => {
  it('shows the numbers grouped as people read them, and dials the stored one', async () => {
    mockFetch(
      bankAnswers({
        '/api/v1/support/contacts': {
          status: 200,
          body: { whatsapp: '+2348031234567', email: null, phone: '+442079460958' },
        },
      }),
    );
    renderRoute('/dashboard/contact');
    const call = await screen.findByRole('link', { name: /Call us/ });
    expect(call.getAttribute('href')).toBe('tel:+442079460958');
    expect(call.textContent).toContain('+44 20 7946 0958');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).textContent).toContain(
      '+234 803 123 4567',
    );
    expect(screen.queryByRole('link', { name: /Email us/ })).toBeNull();
  });
});
