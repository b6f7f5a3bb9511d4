/**
 * The browser host's one-time key: it arrives in the address's fragment (never sent to
 * a server or logged), is kept for this tab's session so a reload keeps working, and is
 * removed from the address bar.
 */
const KEY = 'unlinkable-token';

export function readHostToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match !== null) {
    sessionStorage.setItem(KEY, match[1]!);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(KEY);
}
