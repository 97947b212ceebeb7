import { PROOF_MAX_FILE_BYTES } from '@bank/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, problem, renderRoute, stubObjectUrls } from '../../test-utils';
import {
  BTC_ADDRESS,
  created,
  fundingAnswers,
  mockUploads,
  proofImage,
  request,
  requestsPath,
  USDT_ADDRESS,
  USDT_ERC20,
  type FakeUpload,
} from './testing';

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function only(sent: FakeUpload[]): FakeUpload {
  expect(sent).toHaveLength(1);
  return sent[0] as FakeUpload;
}

async function openDeposit(overrides = {}) {
  const fetchMock = mockFetch(fundingAnswers(overrides));
  const user = userEvent.setup();
  const router = renderRoute('/dashboard/add-funds/crypto');
  await screen.findByLabelText('Type');
  return { fetchMock, user, router };
}

describe('Crypto Deposit (add-funds/crypto)', () => {
  it("shows the spec's page, and switches the address, network, second address and QR code with the type", async () => {
    const { user } = await openDeposit();
    expect(screen.getByRole('heading', { level: 1, name: 'Crypto Deposit' })).toBeTruthy();
    expect(screen.getByText('Deposit into your trading accounts')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Methods' });
    expect(within(section).getByRole('heading', { name: 'Deposit method' })).toBeTruthy();
    expect(
      within(section).getByText(
        'To deposit, choose the payment method panel and make the payment to the displayed address. After payment has been made, come back to fill this form.',
      ),
    ).toBeTruthy();
    for (const label of ['Type', 'Address', 'Amount', 'Payment Proof']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByText('SVG, PNG, JPG or GIF (max. 800x400px)')).toBeTruthy();

    const type = screen.getByLabelText<HTMLSelectElement>('Type');
    expect(Array.from(type.options, (o) => o.textContent)).toEqual(['Bitcoin', 'USDT']);
    expect(valueOf('Address')).toBe(BTC_ADDRESS);
    expect(screen.getByLabelText('Address').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByLabelText('Second address')).toBeNull();
    expect(await screen.findByRole('img', { name: 'QR code of the Bitcoin address' })).toBeTruthy();

    await user.selectOptions(type, 'USDT');
    expect(valueOf('Address')).toBe(USDT_ADDRESS);
    expect(screen.getByText('Network: TRC-20')).toBeTruthy();
    expect(valueOf('Second address')).toBe(USDT_ERC20);
    expect(await screen.findByRole('img', { name: 'QR code of the USDT address' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(USDT_ADDRESS);
  });

  it('sends type, amount and depositPic as multipart with progress, says Payment Pending! and refreshes the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = mockUploads(created());
    const answers = fundingAnswers();
    let submitted = false;
    const fetchMock = mockFetch((path) =>
      path === requestsPath('deposit') && submitted
        ? { status: 200, body: { items: [request()] } }
        : answers(path),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/dashboard/add-funds/crypto');
    await user.selectOptions(await screen.findByLabelText('Type'), 'USDT');
    await user.type(screen.getByLabelText('Amount'), '$1,500.50');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const upload = only(sent);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/v1/funding/deposits');
    expect(upload.headers['x-bank-csrf']).toBe('1');
    expect(Array.from(upload.body.keys())).toEqual(['type', 'amount', 'depositPic']);
    expect(upload.body.get('type')).toBe('2');
    expect(upload.body.get('amount')).toBe('1500.50');
    expect((upload.body.get('depositPic') as File).name).toBe('proof.png');
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect((bar as HTMLProgressElement).value).toBe(40);

    submitted = true;
    act(() => upload.finish());
    const pending = await screen.findByText('Payment Pending!');
    const banner = pending.closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toMatch(/^Payment Pending! We will check your payment/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The form is ready for the next deposit.
    expect(valueOf('Amount')).toBe('');
    expect(screen.queryByText('proof.png')).toBeNull();
    // The list was asked for again, and shows the new request.
    const list = await screen.findByRole('region', { name: 'Crypto Transactions' });
    expect(await within(list).findByText('pending')).toBeTruthy();
    expect(callsTo(fetchMock, requestsPath('deposit')).length).toBe(2);

    // After 5 s the banner leaves the screen but stays for screen readers.
    expect(banner.parentElement?.className ?? '').not.toContain('sr-only');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(banner.isConnected).toBe(true);
    expect(banner.parentElement?.className).toBe('sr-only');
  });

  it('says Something went wrong! with the reason when the server refuses', async () => {
    const sent = mockUploads(problem(403, 'FORBIDDEN', 'Not available for your region'));
    const { user } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => only(sent).finish());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong! Not available for your region');
    expect(screen.queryByText('Payment Pending!')).toBeNull();
  });

  it('says Something went wrong! when the network fails', async () => {
    const { user } = await openDeposit();
    class OfflineXhr {
      upload = {};
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        this.onerror?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', OfflineXhr);
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong! An unexpected error occurred',
    );
  });

  it("puts the server's field error on the Amount field and moves the focus there", async () => {
    const sent = mockUploads(fieldProblem('body.amount', 'Enter an amount greater than zero'));
    const { user } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => only(sent).finish());

    const amount = screen.getByLabelText('Amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (amount.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Enter an amount greater than zero',
    );
    expect(document.activeElement).toBe(amount);
    expect(screen.getByLabelText('Type').getAttribute('aria-invalid')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong! Enter an amount greater than zero',
    );
  });

  it('puts a refused proof on the Payment Proof field', async () => {
    const sent = mockUploads(fieldProblem('body.depositPic', 'This file is not a picture'));
    const { user } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => only(sent).finish());
    const proof = screen.getByLabelText('Payment Proof');
    await waitFor(() => expect(proof.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (proof.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This file is not a picture',
    );
    expect(document.activeElement).toBe(proof);
  });

  it('refuses a proof over 5 MB before uploading it', async () => {
    const sent = mockUploads(created());
    const { user } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), '150');
    const huge = proofImage();
    Object.defineProperty(huge, 'size', { value: PROOF_MAX_FILE_BYTES + 1 });
    await user.upload(screen.getByLabelText('Payment Proof'), huge);
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(screen.getByText('The file is too large: 5 MB at most')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Payment Proof'));
    expect(sent).toHaveLength(0);
  });

  it('asks for an amount that is a number and for the proof before sending anything', async () => {
    const sent = mockUploads(created());
    const { user } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(screen.getByText('Use an amount such as 25 or 25.50')).toBeTruthy();
    expect(screen.getByText('Attach the proof of payment')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    expect(sent).toHaveLength(0);
  });

  it('lists the crypto transactions: amount, type, date and status, with what arrived and why one was declined', async () => {
    await openDeposit({
      [requestsPath('deposit')]: {
        status: 200,
        body: {
          items: [
            request({ id: '3', claimedAmount: '15000' }),
            request({
              id: '2',
              type: 'USDT',
              claimedAmount: '15000',
              receivedAmount: '14250',
              status: 'confirmed',
              createdAt: '2026-10-21T23:30:00.000Z',
            }),
            request({
              id: '1',
              claimedAmount: '5000',
              status: 'declined',
              declineReason: 'No payment arrived at the address',
              createdAt: '2026-09-02T08:00:00.000Z',
              decidedAt: '2026-09-04T15:00:00.000Z',
            }),
          ],
        },
      },
    });
    const list = await screen.findByRole('region', { name: 'Crypto Transactions' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => Array.from(item.children, (line) => line.textContent))).toEqual([
      ['$150.00pending', 'Type: Bitcoin · 03/11/2026'],
      ['$142.50you sent $150.00confirmed', 'Type: USDT · 21/10/2026'],
      [
        '$50.00declined',
        'Type: Bitcoin · 02/09/2026',
        'Reason: No payment arrived at the address (declined 04/09/2026)',
      ],
    ]);
    // Nothing is singled out when the address names no request.
    expect(items.some((item) => item.getAttribute('aria-current'))).toBe(false);
    expect(within(items[1] as HTMLElement).getByText('confirmed')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement)
        .getByText('03/11/2026')
        .getAttribute('datetime'),
    ).toBe('2026-11-03T10:00:00.000Z');
  });

  it('brings the request the dashboard led to into view, marked and focused, with the whole reason', async () => {
    const reason =
      'Nothing arrived at the address you paid to. Check the transaction id in your wallet, and send the proof again from the Crypto Deposit page if it was sent to us.';
    mockFetch(
      fundingAnswers({
        [requestsPath('deposit')]: {
          status: 200,
          body: {
            items: [
              request({ id: '36' }),
              request({
                id: '35',
                status: 'declined',
                declineReason: reason,
                decidedAt: '2026-11-04T09:00:00.000Z',
              }),
            ],
          },
        },
      }),
    );
    // jsdom lays nothing out and has no scrollIntoView: a stand-in records the call.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderRoute('/dashboard/add-funds/crypto#request-35');
    const list = await screen.findByRole('region', { name: 'Crypto Transactions' });
    const [waiting, declined] = await within(list).findAllByRole('listitem');
    await waitFor(() => expect(document.activeElement).toBe(declined));
    expect(declined?.id).toBe('request-35');
    expect(declined?.getAttribute('aria-current')).toBe('true');
    expect(waiting?.getAttribute('aria-current')).toBeNull();
    expect(
      within(declined as HTMLElement).getByText(`Reason: ${reason}`, { exact: false }),
    ).toBeTruthy();
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });

  it('says what to do when there is no crypto transaction yet', async () => {
    await openDeposit();
    const list = await screen.findByRole('region', { name: 'Crypto Transactions' });
    expect(await within(list).findByText(/^No crypto deposits yet\./)).toBeTruthy();
    expect(within(list).queryByRole('table')).toBeNull();
  });
});

describe('Make payment', () => {
  it('lists the four methods, only Crypto Deposit linked, and From your balance first', async () => {
    mockFetch(fundingAnswers());
    renderRoute('/dashboard/make-payment');
    const list = await screen.findByRole('region', { name: 'Payment methods' });
    await within(list).findAllByRole('listitem');
    expect(within(list).getAllByText('Not available for your region')).toHaveLength(3);
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/dashboard/make-payment/balance',
      '/dashboard/make-payment/crypto',
    ]);
    expect(await screen.findByText(/^No payments yet\./)).toBeTruthy();
  });

  it('asks for the purpose, then sends purpose, type, amount and depositPic', async () => {
    const sent = mockUploads(created({ kind: 'payment', subject: 'Statement copy' }));
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/make-payment/crypto');
    await user.type(await screen.findByLabelText('Amount'), '25');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(screen.getByText('Choose what the payment is for')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Purpose'));
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Purpose'), 'Statement copy');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const upload = only(sent);
    expect(upload.url).toBe('/api/v1/funding/payments');
    expect(
      Object.fromEntries(['purpose', 'type', 'amount'].map((k) => [k, upload.body.get(k)])),
    ).toEqual({ purpose: '5', type: '1', amount: '25' });
    expect(upload.body.get('depositPic')).toBeInstanceOf(File);
    act(() => upload.finish());
    expect(await screen.findByText('Payment Pending!')).toBeTruthy();
  });
});
