import { render } from '@react-email/components';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { EmailLayout, P, renderEmail } from './layout.js';

/** React Email's own render of a message, to compare with (decision 29: rendered once, at once). */
async function reactEmail(element: React.ReactElement) {
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

const withoutComments = (html: string) => html.replace(/<!--.*?-->/gs, '');

describe('renderEmail', () => {
  it("is React Email's render: the same text, the same HTML less hydration comments", async () => {
    const element = createElement(EmailLayout, {
      preview: 'Transfer sent',
      heading: 'Transfer sent',
      children: [
        createElement(P, { key: 'hello', children: ['Hello ', 'Ngozi', ','] }),
        createElement(P, {
          key: 'body',
          children: [
            'You sent $1,200.00 to ',
            createElement(
              'a',
              { key: 'link', href: 'https://bank.example/wp-user/dashboard' },
              'Grace & Co',
            ),
            ' <at once>.',
          ],
        }),
      ],
    });
    const message = renderEmail('ngozi@example.com', 'Transfer sent', element);
    const expected = await reactEmail(element);
    expect(message.text).toBe(expected.text);
    expect(message.html).toBe(withoutComments(expected.html));
    expect(message.html).not.toContain('<!--');
    expect(message.html.startsWith('<!DOCTYPE html PUBLIC')).toBe(true);
    expect(message.text).toContain('Hello Ngozi,');
    expect(message.html).toContain('Grace &amp; Co');
    expect(message.html).toContain('&lt;at once&gt;');
  });
});
