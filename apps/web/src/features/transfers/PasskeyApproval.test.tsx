import { TRANSFER_CODE_REQUIRED, TRANSFER_SUCCESS, type Transfer } from '@bank/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';
import {
  AUTHENTICATION_OPTIONS,
  fakeWebAuthn,
  promptClosed,
  removeWebAuthn,
} from '../../test-webauthn';
import { stepAnswer, TRANSFER, transferAnswers, transferSample } from './testing';

afterEach(() => {
  cleanup();
  removeWebAuthn();
  vi.unstubAllGlobals();
});

const PIN = `${TRANSFER}/pin`;
const OPTIONS = `${TRANSFER}/passkey/options`;
const PASSKEY = `${TRANSFER}/passkey`;
const SUBMIT = `${TRANSFER}/submit`;
const PASSKEYS = '/api/v1/passkeys';
const APPROVE = 'Approve $150.25 to Grace Hopper';

const OFFERED_FIRST =
  'Approve this transfer with your passkey, or ask us to email you a 4-digit code instead.';
const EMAIL_ME = 'Email me a code instead';
const RESEND = `${TRANSFER}/code/resend`;

/**
 * The code prompt, saying whether the customer has a passkey; as the server does, a customer
 * with one is offered it first and no code is sent (`sentTo` null) unless `sent`.
 */
function codePrompt(passkey: boolean, sent = !passkey): FakeResponse {
  const prompt = stepAnswer('code', 'pin_verified');
  const body = prompt.body as Record<string, unknown>;
  return {
    ...prompt,
    body: sent ? { ...body, passkey } : { ...body, passkey, sentTo: null, body: OFFERED_FIRST },
  };
}

function authorizing(
  steps: Record<string, (body: unknown) => FakeResponse>,
  transfer: Transfer = transferSample({ stage: 'confirmed' }),
) {
  const answers = transferAnswers({ [TRANSFER]: { status: 200, body: transfer } });
  return mockFetch((path, body) => steps[path]?.(body) ?? answers(path));
}

async function throughThePin(user = userEvent.setup()) {
  renderRoute('/dashboard/send/pin?id=t1');
  await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('heading', { name: TRANSFER_CODE_REQUIRED });
  return user;
}

describe('approving a transfer with a passkey instead of the code', () => {
  it('names the amount and payee, signs the challenge and sends the transfer as a right code would', async () => {
    const browser = fakeWebAuthn();
    const fetchMock = authorizing({
      [PIN]: () => codePrompt(true),
      [OPTIONS]: () => ({ status: 200, body: AUTHENTICATION_OPTIONS }),
      [PASSKEY]: () => stepAnswer('ready', 'code_verified'),
      [SUBMIT]: () => stepAnswer('done', 'submitted', { status: 'in_progress' }),
    });
    const user = await throughThePin();
    // Offered first, no code sent: the passkey has the focus, the boxes wait for a code.
    expect(screen.getByText(OFFERED_FIRST)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: APPROVE }));
    expect(screen.queryByRole('group', { name: 'Authorization code' })).toBeNull();
    await user.click(screen.getByRole('button', { name: APPROVE }));

    expect(await screen.findByText(TRANSFER_SUCCESS)).toBeTruthy();
    expect(browser.get).toHaveBeenCalledTimes(1);
    const [, init] = callsTo(fetchMock, PASSKEY)[0] ?? [];
    const sent = JSON.parse(String(init?.body)) as { response: { type: string; id: string } };
    expect(sent.response).toMatchObject({ type: 'public-key', id: 'Y3JlZGVudGlhbC1vbmUtMTIzNDU2' });
    expect(callsTo(fetchMock, SUBMIT)).toHaveLength(1);
    // The prompt said so: the list of passkeys was not asked for.
    expect(callsTo(fetchMock, PASSKEYS)).toHaveLength(0);
  });

  it('emails the code only when asked, then takes it in the spec’s form', async () => {
    const fetchMock = authorizing({
      [PIN]: () => codePrompt(true),
      [OPTIONS]: () => ({ status: 200, body: AUTHENTICATION_OPTIONS }),
      [RESEND]: () => codePrompt(true, true),
      [`${TRANSFER}/code`]: () => stepAnswer('ready', 'code_verified'),
      [SUBMIT]: () => stepAnswer('done', 'submitted', { status: 'in_progress' }),
    });
    const browser = fakeWebAuthn();
    browser.get.mockRejectedValueOnce(promptClosed());
    const user = await throughThePin();
    expect(callsTo(fetchMock, RESEND)).toHaveLength(0);
    // The passkey could not be used here: the customer asks for the code instead.
    await user.click(screen.getByRole('button', { name: APPROVE }));
    expect(await screen.findByText(/No passkey was used/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: EMAIL_ME }));
    expect(await screen.findByText('Code Sent')).toBeTruthy();
    expect(callsTo(fetchMock, RESEND)).toHaveLength(1);
    // The passkey is still offered beside the code now on its way.
    expect(screen.getByRole('button', { name: APPROVE })).toBeTruthy();
    expect(screen.queryByRole('button', { name: EMAIL_ME })).toBeNull();
    // What the passkey said before is gone with the code on its way.
    expect(screen.queryByText(/No passkey was used/)).toBeNull();
    await user.keyboard('4321');
    expect(await screen.findByText(TRANSFER_SUCCESS)).toBeTruthy();
    expect(callsTo(fetchMock, `${TRANSFER}/code`)).toHaveLength(1);
  });

  it("says the server's refusal, and the code can still be used", async () => {
    fakeWebAuthn();
    authorizing({
      [PIN]: () => codePrompt(true),
      [OPTIONS]: () => ({ status: 200, body: AUTHENTICATION_OPTIONS }),
      [PASSKEY]: () =>
        problem(
          422,
          'UNPROCESSABLE',
          'The transfer changed after your passkey was asked. Approve it again.',
        ),
    });
    const user = await throughThePin();
    await user.click(screen.getByRole('button', { name: APPROVE }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The transfer changed after your passkey was asked. Approve it again.',
    );
    expect(screen.getByRole('button', { name: EMAIL_ME })).toBeTruthy();
    expect(screen.getByRole('button', { name: APPROVE })).toBeTruthy();
  });

  it('says calmly that no passkey was used when the browser prompt is closed', async () => {
    const browser = fakeWebAuthn();
    browser.get.mockRejectedValueOnce(promptClosed());
    const fetchMock = authorizing({
      [PIN]: () => codePrompt(true),
      [OPTIONS]: () => ({ status: 200, body: AUTHENTICATION_OPTIONS }),
    });
    const user = await throughThePin();
    await user.click(screen.getByRole('button', { name: APPROVE }));
    expect(await screen.findByText(/No passkey was used/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, PASSKEY)).toHaveLength(0);
  });

  it('offers no passkey to a customer without one', async () => {
    fakeWebAuthn();
    const fetchMock = authorizing({ [PIN]: () => codePrompt(false) });
    await throughThePin();
    expect(screen.queryByRole('button', { name: APPROVE })).toBeNull();
    // The prompt said so: nothing more is asked.
    expect(callsTo(fetchMock, PASSKEYS)).toHaveLength(0);
  });

  it('after a reload, asks the list of passkeys whether to offer one', async () => {
    fakeWebAuthn();
    const waiting = transferSample({ stage: 'pin_verified', awaitingCode: true });
    const passkey = {
      id: 'p1',
      name: 'Chrome on Mac',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
    };
    const fetchMock = authorizing(
      { [PASSKEYS]: () => ({ status: 200, body: { items: [passkey] } }) },
      waiting,
    );
    renderRoute('/dashboard/send/pin?id=t1');
    expect(await screen.findByRole('button', { name: APPROVE })).toBeTruthy();
    expect(callsTo(fetchMock, PASSKEYS)).toHaveLength(1);
    // A code may never have been asked for: the step does not say one was emailed.
    expect(
      screen.getByText(/Approve this transfer with your passkey\. If you asked for a code/),
    ).toBeTruthy();
    expect(screen.queryByText(/we emailed you/)).toBeNull();
  });

  it('after a reload, offers none when the list of passkeys is empty', async () => {
    fakeWebAuthn();
    const waiting = transferSample({ stage: 'pin_verified', awaitingCode: true });
    const fetchMock = authorizing(
      { [PASSKEYS]: () => ({ status: 200, body: { items: [] } }) },
      waiting,
    );
    renderRoute('/dashboard/send/pin?id=t1');
    await screen.findByRole('heading', { name: TRANSFER_CODE_REQUIRED });
    await waitFor(() => expect(callsTo(fetchMock, PASSKEYS)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: APPROVE })).toBeNull();
  });
});
