import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
  plainTextSelectors,
} from '@react-email/components';
import { compile } from 'html-to-text';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailMessage } from './types.js';

export const BANK_NAME = 'Cedar Bank';

const page = { backgroundColor: '#f1f5f9', fontFamily: 'system-ui, Segoe UI, Arial, sans-serif' };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '12px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px 32px',
};
const brand = { color: '#0f5132', fontSize: '18px', fontWeight: 700, margin: 0 };
const footer = { color: '#64748b', fontSize: '12px', lineHeight: '18px' };

/**
 * Every email of the bank has this one layout: the bank's name, a heading, the body, and a footer
 * saying how the bank will and will not contact the person. React escapes every value placed
 * in it, so a name or a reason typed by someone can never become markup.
 */
export function EmailLayout({
  preview,
  heading,
  children,
}: {
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{BANK_NAME}</Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '16px 0' }}>
            {heading}
          </Heading>
          <Section>{children}</Section>
          <Hr />
          <Text style={footer}>
            {BANK_NAME} will never ask you for your password, PIN or a code by phone, chat or email.
            Our staff cannot see your codes.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A code shown large, so that it is easy to read and type. */
export function CodeBlock({ code }: { code: string }) {
  return (
    <Text style={{ fontSize: '28px', fontWeight: 700, letterSpacing: '6px', margin: '8px 0' }}>
      {code}
    </Text>
  );
}

/** A paragraph of an email. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '24px' }}>{children}</Text>;
}

/** The doctype React Email writes before a message (its layout is XHTML 1.0 Transitional). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** HTML to plain text as React Email does it (`toPlainText`), its options compiled once. */
const plainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * Renders a template into the message to queue: the HTML, and a plain-text body made from that
 * same HTML. Emails are rendered inside the transaction of the event they report, so this is
 * the cheap way: React's synchronous static render (templates have nothing to wait for; React
 * Email's `render` streams, scheduling each chunk through a MessageChannel) and one compiled
 * converter (React Email's `toPlainText` compiles its options on every call). The text is React
 * Email's to the character; the HTML is too, less the comments its streamed render leaves for
 * hydration (`<!--$-->`, `<!-- -->` between neighbouring texts), which an email never does
 * (layout.test.ts holds both).
 */
export function renderEmail(
  to: string,
  subject: string,
  element: React.ReactElement,
): EmailMessage {
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  return { to, subject, html, text: plainText(html) };
}
