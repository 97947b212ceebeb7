import { describe, expect, it } from 'vitest';
import { suggestPasskeyName } from './device-name';

describe('the name suggested for a new passkey', () => {
  it('says the browser and the system it runs on', () => {
    expect(
      suggestPasskeyName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Mac');
    expect(
      suggestPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      suggestPasskeyName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on Linux');
    expect(
      suggestPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
  });

  it('falls back to a plain name when the user agent says nothing useful', () => {
    expect(suggestPasskeyName('')).toBe('My passkey');
  });
});
