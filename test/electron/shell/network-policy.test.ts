import { describe, expect, it } from 'vitest';
import { isAllowedRequest, isTrustedFrameUrl, resolveAppFile } from '../../../electron/shell/network-policy.js';
import { hostAllowed, originAllowed, tokenAllowed } from '../../../electron/host/host-security.js';
import type { IncomingMessage } from 'node:http';

describe('Electron network policy', () => {
  it('allows only the app and devtools; every network scheme is cancelled', () => {
    expect(isAllowedRequest('app://unlinkable/index.html')).toBe(true);
    expect(isAllowedRequest('devtools://devtools/bundled/inspector.html')).toBe(true);
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:8080/',
      'ws://localhost/',
      'file:///etc/passwd',
      'ftp://x/',
      'app://other/index.html',
      'data:text/html,x',
    ]) {
      expect(isAllowedRequest(url), url).toBe(false);
    }
  });

  it('trusts IPC only from frames of the app page', () => {
    expect(isTrustedFrameUrl('app://unlinkable/index.html')).toBe(true);
    expect(isTrustedFrameUrl('https://evil.example/')).toBe(false);
    expect(isTrustedFrameUrl(undefined)).toBe(false);
  });

  it('never serves files outside the renderer folder', () => {
    expect(resolveAppFile('/app/renderer', 'app://unlinkable/')).toBe('/app/renderer/index.html');
    expect(resolveAppFile('/app/renderer', 'app://unlinkable/assets/a.js')).toBe('/app/renderer/assets/a.js');
    // URL parsing already folds plain and %2e dot segments; what is left stays inside.
    for (const url of ['app://unlinkable/../../etc/passwd', 'app://unlinkable/%2e%2e/%2e%2e/etc/passwd']) {
      expect(resolveAppFile('/app/renderer', url)!.startsWith('/app/renderer/')).toBe(true);
    }
    // Encoded slashes survive parsing and would climb out: refused.
    expect(resolveAppFile('/app/renderer', 'app://unlinkable/..%2F..%2Fetc/passwd')).toBeUndefined();
    expect(resolveAppFile('/app/renderer', 'app://other/index.html')).toBeUndefined();
  });
});

describe('browser host checks', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  it('answers only on the loopback host, from its own origin, with the token', () => {
    expect(hostAllowed(request({ host: '127.0.0.1:4000' }), 4000)).toBe(true);
    expect(hostAllowed(request({ host: 'evil.example:4000' }), 4000)).toBe(false);
    expect(originAllowed(request({ origin: 'http://127.0.0.1:4000' }), 4000)).toBe(true);
    expect(originAllowed(request({ origin: 'https://evil.example' }), 4000)).toBe(false);
    expect(tokenAllowed(request({ authorization: 'Bearer abc' }), 'abc')).toBe(true);
    expect(tokenAllowed(request({ authorization: 'Bearer abd' }), 'abc')).toBe(false);
    expect(tokenAllowed(request({}), 'abc')).toBe(false);
  });
});
