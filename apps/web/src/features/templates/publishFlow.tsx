import { useState } from 'react';
import type { Template } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { message } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { usePublishTemplate } from './api';
import { templateMessage } from './messages';

/**
 * Spec §8: a failed template action says 'Oops, something went wrong'; when Meta refused it,
 * Meta's own words follow so the person knows what to fix.
 */
export function notifyTemplateFailure(error: unknown): void {
  const detail =
    error instanceof HttpError
      ? (error.issues?.find((i) => i.path === 'provider')?.message ??
        (error.message ? templateMessage(error.message) : undefined))
      : undefined;
  const title = message('templateFailed');
  notifyError(detail && detail !== title ? detail : title, { title });
}

/** Publishing asks first (spec §5 confirmations); `ask` opens the dialog for one template. */
export function usePublishDialog(onPublished?: (t: Template) => void) {
  const { t } = useTranslation('templates');
  const publish = usePublishTemplate();
  const [target, setTarget] = useState<Pick<Template, '_id' | 'name'> | null>(null);

  const confirm = async () => {
    if (!target) return;
    try {
      const done = await publish.mutateAsync(target._id);
      notifySuccess(t('publish.done'));
      onPublished?.(done);
    } catch (error) {
      notifyTemplateFailure(error);
    } finally {
      setTarget(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={t('publish.title')}
      body={t('publish.body', { name: target?.name ?? '' })}
      confirmLabel={t('publish.confirm')}
      loading={publish.isPending}
      onConfirm={() => void confirm()}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog, pending: publish.isPending };
}
