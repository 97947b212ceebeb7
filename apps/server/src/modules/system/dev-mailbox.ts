import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { escapeHtml } from '../../platform/html.js';
import { listMailbox, MAILBOX_ID_PATTERN, readMailboxMessage } from '../../platform/mail/index.js';

const ID = MAILBOX_ID_PATTERN.source.replace(/^\^/, '').replace(/\$$/, '');
const paramsSchema = z.object({
  id: z.string().regex(new RegExp(`^${ID}(\\.json)?$`), 'Not a mailbox message id'),
});

/** True for an address of this machine (IPv4 127/8, IPv6 ::1, and IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain) || plain === 'localhost';
}

/**
 * The local mailbox, for development without SMTP_URL: GET /dev/mailbox lists the saved emails,
 * newest first; GET /dev/mailbox/:id shows one (headers and text body); /dev/mailbox/:id.json is
 * the raw message. Plain HTML, every value escaped, no script and no inline style (the app's CSP
 * allows neither).
 *
 * Every email holds codes, so the mailbox is for the person at this machine only: app.ts
 * registers it only outside production, without SMTP_URL and with the server listening on a
 * loopback address; and each request must come straight from a loopback address (its own
 * socket, not a forwarded-for header; a request relayed by a proxy is refused), naming this
 * machine in its Host header.
 */
export const devMailboxRoutes =
  (options: { dataDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const { dataDir } = options;

    app.addHook('onRequest', async (request) => {
      const proxied =
        request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
      // A page of another site whose name was pointed at 127.0.0.1 (DNS rebinding) reaches this
      // server from a loopback socket too, but with its own name in Host: only loopback names.
      const host = (request.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
      if (proxied || !isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(host)) {
        throw new AppError('NOT_FOUND', 'Not found');
      }
    });

    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const messages = await listMailbox(dataDir, { limit: 200 });
      const rows = messages
        .map(
          (m) =>
            `<tr><td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></td>` +
            `<td>${escapeHtml(m.to)}</td>` +
            `<td><a href="/dev/mailbox/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('\n');
      const list =
        messages.length === 0
          ? '<p>No messages yet.</p>'
          : `<table>
<thead><tr><th scope="col">Saved</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
      return sendHtml(
        reply,
        200,
        'Local mailbox',
        `<h1>Local mailbox</h1>
<p>Development only: without SMTP_URL, emails are saved here instead of being sent. Newest first.</p>
${list}`,
      );
    });

    app.get(
      '/dev/mailbox/:id',
      { schema: { hide: true, params: paramsSchema } },
      async (request, reply) => {
        const json = request.params.id.endsWith('.json');
        const id = json ? request.params.id.slice(0, -'.json'.length) : request.params.id;
        const message = await readMailboxMessage(dataDir, id);
        if (!message) {
          if (json) throw new AppError('NOT_FOUND', 'There is no such message in the mailbox.');
          return sendHtml(
            reply,
            404,
            'Message not found',
            `<h1>Message not found</h1>
<p>There is no message ${escapeHtml(id)} in the local mailbox.</p>
<p><a href="/dev/mailbox">All messages</a></p>`,
          );
        }
        if (json) {
          return reply.header('cache-control', 'no-store').type('application/json').send(message);
        }
        return sendHtml(
          reply,
          200,
          message.subject,
          `<p><a href="/dev/mailbox">All messages</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Saved</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></dd>
<dt>Id</dt><dd>${escapeHtml(message.id)}</dd>
</dl>
<pre>${escapeHtml(message.text)}</pre>
<p>The HTML body is not shown here (this page allows no inline styles or frames); it is in the
<a href="/dev/mailbox/${escapeHtml(message.id)}.json">raw JSON</a>.</p>`,
        );
      },
    );
  };

function sendHtml(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`);
}
