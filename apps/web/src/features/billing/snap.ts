import type { SnapToken } from '@sapa/contracts';

/** What snap.js hands its callbacks (Midtrans' transaction result; only a hint, never trusted). */
export type SnapResult = Record<string, unknown>;

interface SnapPayOptions {
  onSuccess?: (result: SnapResult) => void;
  onPending?: (result: SnapResult) => void;
  onError?: (result: SnapResult) => void;
  onClose?: () => void;
  language?: 'en' | 'id';
}

interface SnapApi {
  pay(token: string, options?: SnapPayOptions): void;
}

declare global {
  interface Window {
    snap?: SnapApi;
  }
}

/** How the buyer's payment page ended, as the browser saw it. */
export type SnapOutcome = 'success' | 'pending' | 'error' | 'closed';

/** Leaving the app for the gateway's own page; an object so tests can watch it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** A script the gateway would not serve in time counts as unavailable: the redirect still works. */
const SCRIPT_TIMEOUT_MS = 15_000;
const loading = new Map<string, Promise<SnapApi>>();

/**
 * Loads snap.js once per URL, with the client key as Midtrans asks (`data-client-key`). The
 * page's CSP allows the gateway's origin for scripts and frames. A failed load is forgotten, so
 * the next payment tries again.
 */
export function loadSnap(scriptUrl: string, clientKey: string): Promise<SnapApi> {
  const known = loading.get(scriptUrl);
  if (known) return known;
  const promise = new Promise<SnapApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.clientKey = clientKey;
    script.dataset.sapaSnap = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(scriptUrl);
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('snap.js timed out'), SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.snap) resolve(window.snap);
      else fail('snap.js loaded without window.snap');
    };
    script.onerror = () => fail('snap.js could not be loaded');
    document.head.append(script);
  });
  loading.set(scriptUrl, promise);
  return promise;
}

/**
 * Opens the order's payment: Midtrans' popup through snap.js when the server names the script
 * and the client key, else (or when the script cannot load) the gateway's own page, which sends
 * the buyer back to the finish URL afterwards. Resolves with how it opened.
 */
export async function openPayment(
  session: SnapToken,
  onOutcome: (outcome: SnapOutcome) => void,
  language: 'en' | 'id',
): Promise<'popup' | 'redirect'> {
  if (session.scriptUrl && session.clientKey) {
    try {
      const snap = await loadSnap(session.scriptUrl, session.clientKey);
      snap.pay(session.token, {
        language,
        onSuccess: () => onOutcome('success'),
        onPending: () => onOutcome('pending'),
        onError: () => onOutcome('error'),
        onClose: () => onOutcome('closed'),
      });
      return 'popup';
    } catch {
      // The popup is a convenience; the hosted page takes the same token.
    }
  }
  browser.assign(session.redirectUrl);
  return 'redirect';
}

/** For tests: forget loaded scripts. */
export function resetSnapForTests(): void {
  loading.clear();
  delete window.snap;
  document.querySelectorAll('script[data-sapa-snap]').forEach((s) => s.remove());
}
