// The toast container (and the transition and scroll-lock code it brings) is fetched with the
// first toast, not with every screen; Mantine's store keeps a toast shown before it mounts.
// Apart from lib/notify so that tests replacing notify still get a container that can appear.
let shown = false;
const listeners = new Set<() => void>();

export function markToastShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function wasToastShown(): boolean {
  return shown;
}

export function subscribeToastShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
