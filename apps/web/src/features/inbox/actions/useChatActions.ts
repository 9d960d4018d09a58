import { useState } from 'react';
import type { Chat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { errorMessage, message } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  assignChat,
  resolveTicket,
  setChatFlag,
  setChatLabels,
  toggleChat,
  useChatAction,
  type ChatToggleAction,
} from './api';
import type { AssignChoice } from './AssignModal';
import type { ConfirmRequest } from './ConfirmDialog';

/** The confirmed actions of spec §5 plus unblock, which undoes a confirmed one. */
export type ConfirmedAction = 'resolve' | ChatToggleAction;

/**
 * Every action of the conversation header, with its confirmation, toasts and cache update, so
 * the laptop buttons and the phone menu behave the same.
 */
export function useChatActions(chat: Chat) {
  const { t } = useTranslation('chatActions');
  const { user } = useSession();
  const userId = user?._id ?? null;
  const [pending, setPending] = useState<ConfirmedAction | null>(null);

  const assign = useChatAction(
    (choice: AssignChoice) => assignChat({ chatId: chat._id, ...choice }),
    userId,
  );
  const labels = useChatAction((ids: string[]) => setChatLabels(chat._id, ids), userId);
  const flag = useChatAction((value: Chat['flag']) => setChatFlag(chat._id, value), userId);
  const resolve = useChatAction(() => resolveTicket(chat._id, userId), userId);
  const toggle = useChatAction((action: ChatToggleAction) => toggleChat(action, chat._id), userId);

  const confirmRequest = (action: ConfirmedAction): ConfirmRequest => {
    switch (action) {
      case 'resolve':
        return {
          title: message('resolveConfirmTitle'),
          message: message('resolveConfirm'),
          confirmLabel: t('resolve.confirm'),
          color: 'teal',
        };
      case 'block':
        return {
          title: t('block.title'),
          message: message('blockConfirm'),
          confirmLabel: t('block.confirm'),
          color: 'red',
        };
      case 'unblock':
        return {
          title: t('unblock.title'),
          message: t('unblock.message'),
          confirmLabel: t('unblock.confirm'),
        };
      case 'archive':
        return {
          title: t('archive.title'),
          message: message('archiveConfirm'),
          confirmLabel: t('archive.confirm'),
        };
      case 'unarchive':
        return {
          title: t('unarchive.title'),
          message: message('unarchiveConfirm'),
          confirmLabel: t('unarchive.confirm'),
        };
    }
  };

  const runConfirmed = () => {
    const action = pending;
    if (!action) return;
    const done = () => setPending(null);
    if (action === 'resolve') {
      resolve.mutate(undefined, {
        onSuccess: () => notifySuccess(t('resolve.done')),
        // Spec §8: one sentence for any failure to resolve.
        onError: () => notifyError(message('resolveTicketFailed')),
        onSettled: done,
      });
      return;
    }
    toggle.mutate(action, {
      onSuccess: () => notifySuccess(t(`${action}.done`)),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: done,
    });
  };

  const doAssign = (choice: AssignChoice, onDone: () => void) =>
    assign.mutate(choice, {
      onSuccess: (next) => {
        notifySuccess(
          next.agent ? t('assign.doneTo', { name: next.agent.name }) : t('assign.done'),
          { id: `assign-${chat._id}` },
        );
        onDone();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  const doLabels = (ids: string[]) =>
    labels.mutate(ids, { onError: (error) => notifyError(errorMessage(error)) });

  const doFlag = (value: Chat['flag']) => {
    if (value === chat.flag) return;
    flag.mutate(value, { onError: (error) => notifyError(errorMessage(error)) });
  };

  return {
    user,
    ask: setPending,
    confirm: pending ? confirmRequest(pending) : null,
    confirming: resolve.isPending || toggle.isPending,
    runConfirmed,
    cancelConfirm: () => setPending(null),
    assigning: assign.isPending,
    doAssign,
    savingLabels: labels.isPending,
    doLabels,
    flagging: flag.isPending,
    doFlag,
  };
}
