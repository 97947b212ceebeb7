import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '../../test-utils';
import { FileField } from './FileField';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField label="ID front" accept="image/png,application/pdf" file={file} onFile={setFile} />
  );
}

const png = (name: string) => new File(['picture'], name, { type: 'image/png' });
const pdf = new File(['%PDF-1.4'.padEnd(2048, ' ')], 'id-front.pdf', { type: 'application/pdf' });

describe('FileField previews', () => {
  it('shows a chosen picture, read by an object URL revoked when the file changes or goes', async () => {
    const urls = stubObjectUrls();
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    const input = screen.getByLabelText('ID front');

    await user.upload(input, png('front.png'));
    const preview = screen.getByRole('img', { name: 'Preview of ID front' });
    expect(preview.getAttribute('src')).toBe('blob:1');
    expect(screen.getByText('front.png')).toBeTruthy();
    // The name is read out with the input.
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('front.png');

    await user.upload(input, png('front-again.png'));
    expect(urls.revoked).toEqual(['blob:1']);
    expect(screen.getByRole('img', { name: 'Preview of ID front' }).getAttribute('src')).toBe(
      'blob:2',
    );

    unmount();
    expect(urls.revoked).toEqual(['blob:1', 'blob:2']);
  });

  it('shows a PDF by its name and size, making no object URL for it', async () => {
    const urls = stubObjectUrls();
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('ID front'), png('front.png'));
    await user.upload(screen.getByLabelText('ID front'), pdf);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('id-front.pdf')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(urls.made).toEqual(['blob:1']);
    expect(urls.revoked).toEqual(['blob:1']);
  });

  it('falls back to the name when the browser cannot show the picture', async () => {
    stubObjectUrls();
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('ID front'), png('odd.png'));
    screen.getByRole('img', { name: 'Preview of ID front' }).dispatchEvent(new Event('error'));
    expect(await screen.findByText('odd.png')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
