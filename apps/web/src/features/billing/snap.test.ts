import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, openPayment, resetSnapForTests } from './snap';

const SESSION = {
  token: 'tok-123',
  redirectUrl: 'https://app.sandbox.midtrans.com/snap/v4/redirection/tok-123',
  clientKey: 'SB-Mid-client-sandbox',
  scriptUrl: 'https://app.sandbox.midtrans.com/snap/snap.js',
};

/** The script element openPayment adds, once the browser would have fetched it. */
async function script(): Promise<HTMLScriptElement> {
  await vi.waitFor(() => expect(document.querySelector('script[data-sapa-snap]')).not.toBeNull());
  return document.querySelector<HTMLScriptElement>('script[data-sapa-snap]') as HTMLScriptElement;
}

afterEach(() => {
  resetSnapForTests();
  vi.restoreAllMocks();
});

describe('openPayment', () => {
  it('loads snap.js with the client key and opens the popup with the token', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const pay = vi.fn();
    const outcomes: string[] = [];
    const opened = openPayment(SESSION, (o) => outcomes.push(o), 'id');
    const tag = await script();
    expect(tag.src).toBe(SESSION.scriptUrl);
    expect(tag.dataset.clientKey).toBe(SESSION.clientKey);
    window.snap = { pay };
    tag.dispatchEvent(new Event('load'));
    await expect(opened).resolves.toBe('popup');
    expect(pay).toHaveBeenCalledWith('tok-123', expect.objectContaining({ language: 'id' }));
    const options = pay.mock.calls[0]?.[1] as Record<string, (r?: unknown) => void>;
    options.onPending?.({});
    options.onSuccess?.({});
    options.onError?.({});
    options.onClose?.();
    expect(outcomes).toEqual(['pending', 'success', 'error', 'closed']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the payment page when the script cannot load (offline, blocked)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const opened = openPayment(SESSION, vi.fn(), 'en');
    (await script()).dispatchEvent(new Event('error'));
    await expect(opened).resolves.toBe('redirect');
    expect(assign).toHaveBeenCalledWith(SESSION.redirectUrl);
    // The failed script is gone, so the next payment tries again.
    expect(document.querySelector('script[data-sapa-snap]')).toBeNull();
  });

  it('goes straight to the payment page when the server names no script', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await expect(
      openPayment({ ...SESSION, scriptUrl: null, clientKey: null }, vi.fn(), 'en'),
    ).resolves.toBe('redirect');
    expect(assign).toHaveBeenCalledWith(SESSION.redirectUrl);
    expect(document.querySelector('script[data-sapa-snap]')).toBeNull();
  });
});
