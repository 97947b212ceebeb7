import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Email } from './cells';

afterEach(cleanup);

/** The pieces an address may wrap between: the text around each <wbr>. */
function pieces(email: string): string[] {
  const { container } = render(
    <span>
      <Email email={email} />
    </span>,
  );
  const span = container.firstElementChild as HTMLElement;
  expect(span.textContent).toBe(email);
  return span.innerHTML.split('<wbr>');
}

describe('Email', () => {
  it('may wrap after the @ and before a dot, of the name or the domain, never inside a word', () => {
    expect(pieces('newbie.1795811420309@example.com')).toEqual([
      'newbie',
      '.1795811420309@',
      'example',
      '.com',
    ]);
    expect(pieces('ama@bank.example')).toEqual(['ama@', 'bank', '.example']);
  });

  it('keeps an address without an @ whole but for its dots', () => {
    expect(pieces('nobody')).toEqual(['nobody']);
  });
});
