import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute, stubObjectUrls } from '../../test-utils';
import {
  availability,
  created,
  forms,
  fundingAnswers,
  mockUploads,
  proofImage,
  request,
  requestsPath,
} from './testing';

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const amount = () => screen.getByLabelText<HTMLInputElement>('Amount');

describe('Upgrade Account', () => {
  it('requires a plan, and sends nothing without one', async () => {
    const sent = mockUploads(created({ kind: 'upgrade' }));
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade Account' })).toBeTruthy();
    expect(await screen.findByText('Basic')).toBeTruthy();
    await user.type(amount(), '150');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Upgrade' }));

    const plan = screen.getByLabelText('Plan');
    expect(plan.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${plan.id}-error`)?.textContent).toBe('A plan is required');
    expect(document.activeElement).toBe(plan);
    expect(sent).toHaveLength(0);
  });

  it('offers only the other plans, fills in the price and compares the chosen plan with the current one', async () => {
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    const plan = await screen.findByLabelText<HTMLSelectElement>('Plan');
    // The current (and default) plan is not offered.
    expect(Array.from(plan.options, (o) => o.textContent)).toEqual(['Choose…', 'Gold ($150.00)']);
    expect(screen.queryByRole('table')).toBeNull();

    await user.selectOptions(plan, '2');
    expect(amount().value).toBe('150.00');
    const table = screen.getByRole('table', { name: 'What changes with Gold' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim()));
    expect(rows).toEqual([
      ['', 'Now (Basic)', 'Gold'],
      ['Service charge on transfers', '10\u00a0%', '2.5\u00a0%'],
      ['Daily transfer limit', '$5,000.00', '$25,000.00'],
      ['Authorization code from', '$1,000.00', '$5,000.00'],
      ['Price', '$0.00', '$150.00'],
    ]);
  });

  it('sends plan, type, amount and depositPic, says Payment Pending! and lists the request', async () => {
    const sent = mockUploads(created({ kind: 'upgrade', subject: 'Gold' }));
    const answers = fundingAnswers();
    let submitted = false;
    mockFetch((path) =>
      path === requestsPath('upgrade') && submitted
        ? {
            status: 200,
            body: {
              items: [
                request({ id: '2', kind: 'upgrade', subject: 'Gold' }),
                request({
                  id: '1',
                  kind: 'upgrade',
                  subject: 'Gold',
                  status: 'declined',
                  declineReason: 'Less than the price arrived',
                }),
              ],
            },
          }
        : answers(path),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    expect(await screen.findByText(/^No upgrade requests yet\./)).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('Plan'), '2');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Upgrade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const [upload] = sent;
    expect(upload?.url).toBe('/api/v1/funding/upgrades');
    expect(
      Object.fromEntries(['plan', 'type', 'amount'].map((k) => [k, upload?.body.get(k)])),
    ).toEqual({ plan: '2', type: '1', amount: '150.00' });
    expect(upload?.body.get('depositPic')).toBeInstanceOf(File);
    submitted = true;
    act(() => upload?.finish());
    expect(await screen.findByText('Payment Pending!')).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Your upgrade requests' });
    expect(await within(list).findByText('pending')).toBeTruthy();
    expect(within(list).getByText('declined')).toBeTruthy();
    expect(within(list).getByText('Reason: Less than the price arrived')).toBeTruthy();
    // The form starts over: no plan chosen, no comparison.
    expect((screen.getByLabelText('Plan') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('table', { name: /What changes/ })).toBeNull();
  });

  it('shows the notice dialog when the account is on hold, and sends nothing else', async () => {
    const onHold = {
      title: 'Your account is on hold',
      body: 'Payments out of your account are on hold, so your plan cannot be upgraded now. Please contact us through Help & Support.',
    };
    const sent = mockUploads({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        code: 'ACCOUNT_ON_HOLD',
        detail: onHold.body,
        notice: onHold,
      },
    });
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    await user.selectOptions(await screen.findByLabelText('Plan'), '2');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Upgrade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.finish());
    const dialog = await screen.findByRole('dialog', { name: onHold.title });
    expect(dialog.textContent).toContain(onHold.body);
    expect(screen.queryByText('Payment Pending!')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(1);
  });

  it('says when there is no other plan to move to', async () => {
    mockFetch(
      fundingAnswers({
        '/api/v1/funding/forms': {
          status: 200,
          body: { ...forms, currentPlanId: '2' },
        },
      }),
    );
    renderRoute('/dashboard/upgrade');
    expect(await screen.findByText('There is no other plan to move to right now.')).toBeTruthy();
    expect(screen.getByText('Gold', { selector: 'strong' })).toBeTruthy();
  });

  it('says "Not available for your region" instead of the form where upgrades are off', async () => {
    mockFetch(
      fundingAnswers({
        '/api/v1/availability': {
          status: 200,
          body: { available: availability(['upgrade']) },
        },
      }),
    );
    renderRoute('/dashboard/upgrade');
    expect(await screen.findByText('Not available for your region')).toBeTruthy();
    expect(screen.queryByLabelText('Plan')).toBeNull();
  });
});
