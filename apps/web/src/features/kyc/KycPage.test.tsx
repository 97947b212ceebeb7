import { KYC_MAX_FILE_BYTES } from '@bank/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute, stubObjectUrls, type FakeResponse } from '../../test-utils';
import { FakeXhr } from '../../test-xhr';
import { fieldProblem } from '../../test-fixtures';

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** A stand-in XMLHttpRequest: records the request, reports progress, then answers. */
function mockXhr(answer: FakeAnswer) {
  const sent: Xhr[] = [];
  class Xhr extends FakeXhr {
    body: unknown = undefined;
    /** Lets the test finish the upload when it chooses. */
    finish: () => void = () => undefined;
    override send(body: unknown) {
      this.body = body;
      sent.push(this);
      this.progress(40, 100);
      this.finish = () => this.answer(answer);
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

/** The first request the fake XMLHttpRequest received. */
function firstRequest<T>(sent: T[]): T {
  const [first] = sent;
  if (!first) throw new Error('No upload was sent');
  return first;
}

/** The document types on offer, and what was sent last time (`previous`, null the first time). */
function answerDocumentTypes(previous: FakeResponse | Promise<FakeResponse> = nothingBefore) {
  return mockFetch((path) => {
    if (path === '/api/v1/kyc/document-types') {
      return { status: 200, body: { documentTypes: ["Driver's License", 'Passport'] } };
    }
    if (path === '/api/v1/kyc/previous') return previous;
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: onboarding } };
    return { status: 404 };
  });
}

const nothingBefore = { status: 200, body: { previous: null } };

const onboarding = {
  scope: 'onboarding',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  kycStatus: 'not_verified',
  permissions: [],
};

const declined = (documentType = 'Passport') => ({
  status: 200,
  body: {
    previous: {
      country: 'GB',
      phone: '+442079460000',
      homeAddress: '1 High Street, London',
      documentType,
    },
  },
});

const valueOf = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

const image = (name: string, size = 1000) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  const types = screen.getByLabelText<HTMLSelectElement>('Document type');
  await waitFor(() => expect(types.options).toHaveLength(3));
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
  await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
  await user.type(screen.getByLabelText('Home address'), '1 High Street, London');
  await user.selectOptions(screen.getByLabelText('Document type'), 'Passport');
  await user.upload(screen.getByLabelText('A photo of yourself'), image('me.png'));
  await user.upload(screen.getByLabelText('ID front'), image('front.png'));
  await user.upload(screen.getByLabelText('ID back'), image('back.png'));
}

describe('KycPage', () => {
  it('loads the document types and labels every field', async () => {
    const fetchMock = answerDocumentTypes();
    renderRoute('/auth/account/verification');

    expect(screen.getByRole('heading', { name: 'Identity verification' })).toBeTruthy();
    const types = screen.getByLabelText<HTMLSelectElement>('Document type');
    await waitFor(() => expect(types.options).toHaveLength(3));
    expect(types.options[1]?.textContent).toBe("Driver's License");
    expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/v1/kyc/document-types');
    for (const label of [
      'Country',
      'Phone',
      'Home address',
      'Document type',
      'A photo of yourself',
      'ID front',
      'ID back',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const country = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(country.querySelector('option[value="GB"]')?.textContent).toMatch(/United Kingdom/);
    expect(country.options.length).toBeGreaterThan(240);
    expect(screen.getByLabelText('Country').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Home address').tagName).toBe('TEXTAREA');
  });

  it('shows a decline reason from the router state', async () => {
    answerDocumentTypes();
    renderRoute('/auth/account', { status: 'declined', declineReason: 'The photo is blurred' });
    expect((await screen.findByRole('alert')).textContent).toContain('The photo is blurred');
  });

  it('fills in what the customer sent before a decline, and says so', async () => {
    answerDocumentTypes(declined());
    renderRoute('/auth/account/verification', { status: 'declined', declineReason: 'Blurred' });
    await waitFor(() => expect(valueOf('Document type')).toBe('Passport'));
    expect(valueOf('Country')).toBe('GB');
    expect(valueOf('Phone')).toBe('+442079460000');
    expect(valueOf('Home address')).toBe('1 High Street, London');
    expect(screen.getByText(/filled in the details you sent last time/)).toBeTruthy();
  });

  it('leaves a document type no longer offered for the customer to choose again', async () => {
    answerDocumentTypes(declined('Residence Permit'));
    renderRoute('/auth/account/verification');
    await waitFor(() => expect(valueOf('Country')).toBe('GB'));
    expect(valueOf('Document type')).toBe('');
  });

  it('never writes over what the customer typed before the earlier details arrived', async () => {
    let arrive: (answer: FakeResponse) => void = () => undefined;
    answerDocumentTypes(new Promise<FakeResponse>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');
    await user.type(screen.getByLabelText('Phone'), '07911 123456');
    await act(async () => arrive(declined()));
    await waitFor(() => expect(valueOf('Home address')).toBe('1 High Street, London'));
    expect(valueOf('Phone')).toBe('07911 123456');
  });

  it('shows previews of the chosen documents', async () => {
    answerDocumentTypes();
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');
    await user.upload(screen.getByLabelText('A photo of yourself'), image('me.png'));
    expect(screen.getByRole('img', { name: 'Preview of A photo of yourself' })).toBeTruthy();
    const scan = new File(['%PDF'], 'back.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('ID back'), scan);
    expect(screen.getByText('back.pdf')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of ID back' })).toBeNull();
  });

  it('refuses a file over the limit without uploading', async () => {
    answerDocumentTypes();
    const sent = mockXhr({ status: 200, body: { next: 'kyc_review' } });
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');

    await fillForm(user);
    await user.upload(screen.getByLabelText('ID back'), image('huge.png', KYC_MAX_FILE_BYTES + 1));
    expect(await screen.findByText(/The file is too large/)).toBeTruthy();
    expect(screen.getByText('huge.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(/The file is too large/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses a kind of file the field does not take, before any upload', async () => {
    answerDocumentTypes();
    const sent = mockXhr({ status: 200, body: { next: 'kyc_review' } });
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/auth/account/verification');

    await fillForm(user);
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    await user.upload(screen.getByLabelText('A photo of yourself'), gif);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP file')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('uploads the form with progress, then confirms and moves to under review after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerDocumentTypes();
    const sent = mockXhr({ status: 200, body: { next: 'kyc_review' } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderRoute('/auth/account/verification');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const xhr = firstRequest(sent);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/kyc/submission');
    expect(xhr.headers['x-bank-csrf']).toBe('1');
    expect(xhr.withCredentials).toBe(true);
    const form = xhr.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('country')).toBe('GB');
    expect(form.get('phone')).toBe('+44 20 7946 0000');
    expect(form.get('homeAddress')).toBe('1 High Street, London');
    expect(form.get('documentType')).toBe('Passport');
    expect((form.get('pic') as File).name).toBe('me.png');
    expect((form.get('idcardFront') as File).name).toBe('front.png');
    expect((form.get('idcardBack') as File).name).toBe('back.png');

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect((bar as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText('40%')).toBeTruthy();

    act(() => xhr.finish());
    expect((await screen.findByRole('status')).textContent).toBe(
      'Action Successful! Your documents were received.',
    );
    expect(router.state.location.pathname).toBe('/auth/account/verification');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/auth/account/under-review');
    expect(screen.getByRole('heading', { name: 'Under review' })).toBeTruthy();
  });

  it('says what to check in the phone, read with the chosen country, and drops it once right', async () => {
    answerDocumentTypes();
    const sent = mockXhr({ status: 200, body: { next: 'kyc_review' } });
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');
    await fillForm(user);
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '07400 123456');
    await user.selectOptions(screen.getByLabelText('Country'), 'NG');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // A UK mobile typed the UK way is not a Nigerian number.
    expect(await screen.findByText(/^No operator has a \+234 number like this/)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
    // The country was the slip: choosing it clears the message at once.
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await waitFor(() => expect(screen.queryByText(/^No operator has a/)).toBeNull());
    expect(phone.getAttribute('aria-invalid')).not.toBe('true');
  });

  it("puts a 400's field error on the Phone field", async () => {
    answerDocumentTypes();
    const sent = mockXhr(fieldProblem('body.phone', 'Enter your phone number'));
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => firstRequest(sent).finish());

    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (phone.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Enter your phone number',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's refusal of a file next to that file, and moves focus there", async () => {
    answerDocumentTypes();
    const sent = mockXhr({
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Some fields are missing or not valid.',
        errors: [{ path: 'body.idcardBack', message: 'This file is not a picture or a PDF' }],
      },
    });
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => firstRequest(sent).finish());

    const back = screen.getByLabelText('ID back');
    await waitFor(() => expect(back.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (back.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This file is not a picture or a PDF',
    );
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(screen.getByLabelText('ID front').getAttribute('aria-invalid')).toBeNull();
    // Said on the field, so not repeated in a banner.
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();
  });

  it('asks to sign in again on 401', async () => {
    answerDocumentTypes();
    const sent = mockXhr({
      status: 401,
      body: { status: 401, code: 'UNAUTHENTICATED', detail: 'x' },
    });
    const user = userEvent.setup();
    renderRoute('/auth/account/verification');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => firstRequest(sent).finish());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your session has ended. Please sign in again.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin');
  });
});
