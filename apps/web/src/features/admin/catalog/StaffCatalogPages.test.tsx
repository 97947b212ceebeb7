import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MANAGER = staffMe(['catalog.manage']);

describe('support contacts (staff)', () => {
  it('publishes the contacts and puts a refusal next to its field', async () => {
    let published = { whatsapp: null as string | null, email: 'help@bank.example', phone: null };
    const sent: unknown[] = [];
    mockFetch((path, body) => {
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
      if (path !== '/api/v1/staff/catalog/support-contacts') return { status: 404 };
      if (body === undefined) return { status: 200, body: published };
      sent.push(body);
      const { whatsapp } = body as { whatsapp: string };
      if (whatsapp && !whatsapp.startsWith('+')) {
        return {
          status: 400,
          body: {
            status: 400,
            code: 'VALIDATION_FAILED',
            errors: [{ path: 'body.whatsapp', message: 'Enter the number in international form' }],
          },
        };
      }
      published = { ...published, whatsapp: whatsapp || null };
      return { status: 200, body: published };
    });
    const user = userEvent.setup();
    renderRoute('/admin/catalog/support-contacts');
    const email = (await screen.findByLabelText(/^Support email/)) as HTMLInputElement;
    expect(email.value).toBe('help@bank.example');
    await user.type(screen.getByLabelText(/^WhatsApp number/), '0800');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter the number in international form')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^WhatsApp number/));
    await user.type(screen.getByLabelText(/^WhatsApp number/), '+447700900123');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published. Customers see these now.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      whatsapp: '+447700900123',
      email: 'help@bank.example',
      phone: '',
    });
  });
});

describe('region availability (staff)', () => {
  it('switches an offered product off in a country, and lists what the bank does not offer', async () => {
    const off: string[] = [];
    mockFetch((path, body) => {
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
      if (path === '/api/v1/staff/catalog/availability') {
        return {
          status: 200,
          body: {
            items: [
              {
                product: 'fixed_deposit',
                label: 'Fixed deposit',
                offered: true,
                unavailableCountries: [...off],
              },
              { product: 'loan', label: 'Loan', offered: false, unavailableCountries: [] },
            ],
          },
        };
      }
      if (path === '/api/v1/staff/catalog/availability/fixed_deposit') {
        off.splice(
          0,
          off.length,
          ...(body as { unavailableCountries: string[] }).unavailableCountries,
        );
        return { status: 200, body: { product: 'fixed_deposit', unavailableCountries: off } };
      }
      return { status: 404 };
    });
    const user = userEvent.setup();
    renderRoute('/admin/catalog/availability');
    expect(await screen.findByText('Available in every country.')).toBeTruthy();
    expect(screen.getByText(/customers everywhere see them as not available: Loan\./)).toBeTruthy();
    // Each product's controls are named for it.
    await user.selectOptions(screen.getByLabelText('Country to switch Fixed deposit off in'), 'NG');
    await user.click(screen.getByRole('button', { name: 'Switch off there for Fixed deposit' }));
    await waitFor(() => expect(off).toEqual(['NG']));
    expect((await screen.findByText(/^Offer again in/)).textContent).toBe('Offer again in Nigeria');
    // Said, and the focus goes there rather than to the top of the page.
    const said = await screen.findByText('Fixed deposit is now off in Nigeria.');
    expect(said.closest('[role="status"]')).toBeTruthy();
  });
});
