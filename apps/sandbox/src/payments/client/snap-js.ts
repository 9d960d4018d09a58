// snap.js for merchant pages, with Midtrans' API: load it with
// <script src="{SNAP_BASE}/snap/snap.js" data-client-key="…"> and call
// window.snap.pay(token, {onSuccess, onPending, onError, onClose}). The payment page opens in an
// overlay iframe and reports its outcome by postMessage; only messages from the sandbox's own
// origin, about the token being paid, are believed.
import type { SnapMessage } from '../page-state.js';

type Callback = (result: Record<string, unknown>) => void;

interface PayOptions {
  onSuccess?: Callback;
  onPending?: Callback;
  onError?: Callback;
  onClose?: () => void;
  language?: 'en' | 'id';
}

interface SnapApi {
  pay(token: string, options?: PayOptions): void;
  hide(): void;
}

declare global {
  interface Window {
    snap?: SnapApi;
  }
}

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = script?.src ? new URL(script.src).origin : location.origin;
  const clientKey = script?.dataset.clientKey ?? '';
  let active: {
    token: string;
    options: PayOptions;
    overlay: HTMLDivElement;
    overflow: string;
  } | null = null;

  function hide(): void {
    if (!active) return;
    active.overlay.remove();
    document.documentElement.style.overflow = active.overflow;
    active = null;
  }

  // A dialog on laptops, the whole screen on phones (also when the window is resized).
  function addStyles(): void {
    if (document.getElementById('snap-sandbox-styles')) return;
    const style = document.createElement('style');
    style.id = 'snap-sandbox-styles';
    style.textContent =
      '.snap-sandbox-frame{border:0;width:440px;height:min(760px,94vh);border-radius:14px;' +
      'background:#fff;box-shadow:0 20px 60px rgba(0,0,0,.35)}' +
      '@media (max-width:560px){.snap-sandbox-frame{width:100%;height:100%;border-radius:0}}';
    document.head.append(style);
  }

  function pay(token: string, options: PayOptions = {}): void {
    if (active) {
      console.error('snap.pay is not allowed to be called in this state: a payment is open');
      return;
    }
    const params = new URLSearchParams({
      embed: '1',
      origin: location.origin,
      client_key: clientKey,
    });
    if (options.language) params.set('lang', options.language);
    addStyles();
    const overlay = document.createElement('div');
    overlay.setAttribute('data-snap-sandbox', '');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483000;background:rgba(10,20,35,.55);' +
      'display:flex;align-items:center;justify-content:center;';
    const frame = document.createElement('iframe');
    frame.id = 'snap-midtrans';
    frame.title = 'Payment';
    frame.src = `${base}/snap/v2/vtweb/${encodeURIComponent(token)}?${params}`;
    frame.allow = 'clipboard-write';
    frame.className = 'snap-sandbox-frame';
    overlay.append(frame);
    document.body.append(overlay);
    active = { token, options, overlay, overflow: document.documentElement.style.overflow };
    document.documentElement.style.overflow = 'hidden';
  }

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== base || !active) return;
    const data = event.data as Partial<SnapMessage> | null;
    if (!data || data.source !== 'sapa-snap-sandbox' || data.token !== active.token) return;
    const { options } = active;
    const result = data.result ?? {};
    hide();
    if (data.event === 'success') options.onSuccess?.(result);
    else if (data.event === 'pending') options.onPending?.(result);
    else if (data.event === 'error') options.onError?.(result);
    else options.onClose?.();
  });

  window.snap = { pay, hide };
})();
