import { h, icon } from './dom.js';

// Small pieces every app view of the customer phone shares.

export const saved = (key: string) => localStorage.getItem(`sandbox-phone.${key}`) ?? undefined;
export const save = (key: string, value: string) =>
  localStorage.setItem(`sandbox-phone.${key}`, value);

export function dayLabel(ms: number): string {
  const day = new Date(ms).toDateString();
  if (day === new Date().toDateString()) return 'Today';
  if (day === new Date(Date.now() - 86_400_000).toDateString()) return 'Yesterday';
  return new Date(ms).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A toast inside the phone: says something for a few seconds. */
export function flasher(toast: HTMLElement): (message: string) => void {
  let timer = 0;
  return (message) => {
    window.clearTimeout(timer);
    toast.textContent = message;
    toast.hidden = false;
    timer = window.setTimeout(() => (toast.hidden = true), 3500);
  };
}

export function growTextarea(input: HTMLTextAreaElement): void {
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
}

export function menuItem(
  close: () => void,
  name: Parameters<typeof icon>[0],
  label: string,
  testId: string,
  run: () => void,
) {
  return h(
    'button',
    {
      type: 'button',
      class: `menu-item mi-${name}`,
      'data-testid': testId,
      role: 'menuitem',
      onclick: () => {
        close();
        run();
      },
    },
    icon(name, 'menu-icon'),
    label,
  );
}

/** The connection dot in a phone header: amber while connecting, green when live. */
export function liveDot(): [HTMLElement, (on: boolean) => void] {
  const dot = h('span', { class: 'live', 'data-testid': 'phone-connection', title: 'Connecting…' });
  return [
    dot,
    (on) => {
      dot.classList.toggle('on', on);
      dot.title = on ? 'Live' : 'Offline';
    },
  ];
}
