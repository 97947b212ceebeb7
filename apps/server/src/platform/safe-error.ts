const MAX_LENGTH = 500;

/**
 * One line describing a delivery error, fit for a job's last_error and for the log: the
 * error's code and message only (no stack, no cause, no message body), credentials in URLs and
 * the given secrets blanked out, control characters removed, at most 500 characters.
 */
export function safeErrorText(error: unknown, secrets: readonly string[] = []): string {
  let text: string;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text =
      typeof code === 'string' && !error.message.includes(code)
        ? `${code}: ${error.message}`
        : error.message;
  } else {
    text = String(error);
  }
  for (const secret of secrets) {
    if (secret.length >= 4) text = text.replaceAll(secret, '[redacted]');
  }
  text = text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  if (!text) return 'unknown error';
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
