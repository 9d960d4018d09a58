import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_UPDATED_EVENT, orderSchema, type Order } from '@sapa/contracts';
import { useSessionSocket } from '../../app/layouts/useSessionSocket';
import { useSession } from '../../app/session';
import { currentLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { onServerEvent } from '../../lib/socket';
import { errorText } from '../shared/forms';
import { billingKeys } from './cache';
import { createOrder, paymentSession, type OrderRequest } from './orders';
import { openPayment, type SnapOutcome } from './snap';

/**
 * Why an order's status is on screen: what the payment popup said (a hint only; the status shown
 * is always the server's), the buyer coming back from the gateway's page, or a look at history.
 */
export type PaymentHint = SnapOutcome | 'returned' | 'view';

export interface WatchedOrder {
  orderId: string;
  hint: PaymentHint;
}

/**
 * Paying for an order: create it, open its one payment session (Snap's popup, else its page),
 * then show the order's live status. Plan orders, once paid, reload the session so the route
 * guard sees the new due date.
 */
export function usePayment() {
  const { t } = useTranslation('topup');
  const queryClient = useQueryClient();
  const { reload } = useSession();
  // The plan pages live outside the signed-in shell: they too need `order.updated` live.
  useSessionSocket();
  const [busy, setBusy] = useState<string | null>(null);
  const [watched, setWatched] = useState<WatchedOrder | null>(null);

  useEffect(
    () =>
      onServerEvent(ORDER_UPDATED_EVENT, (payload) => {
        const parsed = orderSchema.safeParse(payload);
        if (!parsed.success) return;
        const order = parsed.data;
        if (order.type === 'topup' || order.status !== 'paid') return;
        notifySuccess(t('status.planActive'), { id: `plan-paid-${order._id}` });
        void reload().catch(() => undefined);
      }),
    [reload, t],
  );

  const open = useCallback(async (order: Order) => {
    const session = await paymentSession(order._id);
    await openPayment(
      session,
      (outcome) => setWatched({ orderId: order._id, hint: outcome }),
      currentLanguage(),
    );
  }, []);

  /** Places a new order and opens its payment; `key` names the button that asked. */
  const pay = useCallback(
    async (request: OrderRequest, key: string) => {
      setBusy(key);
      try {
        const order = await createOrder(request);
        queryClient.setQueryData(billingKeys.order(order._id), order);
        void queryClient.invalidateQueries({ queryKey: billingKeys.orders });
        await open(order);
      } catch (error) {
        // A placed order whose payment could not open stays pending in the history, payable later.
        notifyError(errorText(error));
      } finally {
        setBusy(null);
      }
    },
    [open, queryClient],
  );

  /** Opens a pending order's payment again (the same session, the same virtual account). */
  const resume = useCallback(
    async (order: Order) => {
      setBusy(order._id);
      try {
        await open(order);
      } catch (error) {
        notifyError(errorText(error));
        void queryClient.invalidateQueries({ queryKey: billingKeys.order(order._id) });
      } finally {
        setBusy(null);
      }
    },
    [open, queryClient],
  );

  const watch = useCallback((orderId: string, hint: PaymentHint) => {
    setWatched({ orderId, hint });
  }, []);
  const close = useCallback(() => setWatched(null), []);

  return { busy, watched, pay, resume, watch, close };
}
