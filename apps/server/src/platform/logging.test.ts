import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions, redactUrl, serializeError } from './logging.js';

describe('every log line', () => {
  it('names the server that wrote it (decision 31)', () => {
    const lines: string[] = [];
    const { level, base } = loggerOptions('info', 'web-3:77');
    const log = pino({ level, base }, { write: (line: string) => lines.push(line) });
    log.child({ reqId: 'r1' }).info('request completed');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      serverId: 'web-3:77',
      pid: process.pid,
      reqId: 'r1',
    });
  });
});

describe('what reaches a log', () => {
  it('cuts the secrets out of app paths: reset and verify links, addresses, codes, tokens', () => {
    expect(redactUrl('/wp-user/auth/reset/ada%40example.com/123456')).toBe(
      '/wp-user/auth/reset/[redacted]',
    );
    expect(redactUrl('/wp-user/auth/staff/invitation/abc_DEF-123')).toBe(
      '/wp-user/auth/staff/invitation/[redacted]',
    );
    expect(redactUrl('/wp-user/auth/verify/ada@example.com')).toBe(
      '/wp-user/auth/verify/[redacted]',
    );
    expect(redactUrl('/anything/ada%40example.com/481516')).toBe('/anything/[redacted]/[redacted]');
    expect(redactUrl(`/x/${'A'.repeat(43)}`)).toBe('/x/[redacted]');
    expect(redactUrl('/wp-user/dashboard')).toBe('/wp-user/dashboard');
    expect(redactUrl('/a?email=ada%40example.com&code=1234')).toBe(
      '/a?email=[redacted]&code=[redacted]',
    );
  });

  it('logs a routed request as its route, with only ids and names filled in', () => {
    const request = (url: string, template: string, params: Record<string, string>) => ({
      method: 'GET',
      url,
      params,
      routeOptions: { url: template },
    });
    expect(
      loggableUrl(
        request(
          '/api/v1/staff/kyc/submissions/12/documents/photo',
          '/api/v1/staff/kyc/submissions/:id/documents/:role',
          { id: '12', role: 'photo' },
        ),
      ),
    ).toBe('/api/v1/staff/kyc/submissions/12/documents/photo');
    expect(
      loggableUrl(request('/api/v1/x/ada%40b.co', '/api/v1/x/:email', { email: 'ada@b.co' })),
    ).toBe('/api/v1/x/[redacted]');
    // A receipt's reference is a key, even in lower case letters alone.
    expect(
      loggableUrl(
        request('/api/v1/receipts/abcdefghjkmnpqrstvwx', '/api/v1/receipts/:reference', {
          reference: 'abcdefghjkmnpqrstvwx',
        }),
      ),
    ).toBe('/api/v1/receipts/[redacted]');
    // The web app's catch-all is no route name: its path is redacted segment by segment.
    expect(loggableUrl(request('/wp-user/auth/reset/a%40b.co/999999', '/wp-user/*', {}))).toBe(
      '/wp-user/auth/reset/[redacted]',
    );
  });

  it("keeps a database error's code and names, never its bound values", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "481516"'), {
      severity: 'ERROR',
      code: '22P02',
      detail: 'Key (email)=(ada@example.com) already exists.',
      params: ['ada@example.com', '481516'],
      query: 'select $1',
      routine: 'pg_strtoint32',
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('22P02');
    expect(logged).toContain('pg_strtoint32');
    for (const secret of ['481516', 'ada@example.com', 'select $1'])
      expect(logged).not.toContain(secret);
  });
});
