import { lazy, Suspense, useSyncExternalStore } from 'react';
import { LIMITS } from '@sapa/contracts';
import { TOAST_POSITION } from '../lib/notify';
import { subscribeToastShown, wasToastShown } from '../lib/toastSignal';

const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications }) => ({ default: Notifications })),
);

/** Where toasts appear; its code is fetched when the first toast is shown (lib/notify). */
export function Toasts() {
  const needed = useSyncExternalStore(subscribeToastShown, wasToastShown, wasToastShown);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST_POSITION} autoClose={LIMITS.toastMs} limit={4} />
    </Suspense>
  );
}
