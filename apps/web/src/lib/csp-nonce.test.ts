import { getNonce, setNonce } from 'get-nonce';
import { afterEach, describe, expect, it } from 'vitest';
import { pageStyleNonce, shareStyleNonce } from './csp-nonce';

afterEach(() => {
  document.head.innerHTML = '';
  setNonce('');
});

describe('the page style nonce', () => {
  it('is read from the meta tag the build writes and the server fills', () => {
    expect(pageStyleNonce()).toBeUndefined();
    document.head.innerHTML = '<meta property="csp-nonce" nonce="rAnd0m+nonce/==" />';
    expect(pageStyleNonce()).toBe('rAnd0m+nonce/==');
  });

  it('is handed to the libraries that insert styles', () => {
    document.head.innerHTML = '<meta property="csp-nonce" nonce="abc" />';
    shareStyleNonce();
    expect(getNonce()).toBe('abc');
  });
});
