import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../test-utils';
import { codeReasonLine } from './CodeStep';
import { stepAnswer, TRANSFER, transferAnswers, transferSample } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the code step says why the code was asked for', () => {
  it('in one short line, from the reasons the server gave', () => {
    expect(codeReasonLine(['new_beneficiary'])).toBe(
      'Why a code: a payee you have not paid before.',
    );
    expect(codeReasonLine(['large_amount', 'new_beneficiary', 'daily_total'])).toBe(
      'Why a code: a large amount, a payee you have not paid before and today’s total above your limit for the PIN alone.',
    );
    // Opened again after a reload, the reasons are not known: when a code is asked at all.
    expect(codeReasonLine([])).toBe(
      'We ask for a code for a large amount, a payee you have not paid before, or a high total for the day.',
    );
  });

  it('above the code boxes, read out with them', async () => {
    const prompt = stepAnswer('code', 'pin_verified');
    const answers = transferAnswers({
      [TRANSFER]: { status: 200, body: transferSample({ stage: 'confirmed' }) },
    });
    mockFetch((path) =>
      path === `${TRANSFER}/pin`
        ? {
            ...prompt,
            body: { ...(prompt.body as object), reasons: ['large_amount', 'new_beneficiary'] },
          }
        : answers(path),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const line = await screen.findByText(
      'Why a code: a large amount and a payee you have not paid before.',
    );
    const [box] = await screen.findAllByLabelText(/ 1 of 4$/);
    const described = (box?.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.some((id) => document.getElementById(id)?.contains(line))).toBe(true);
  });
});
