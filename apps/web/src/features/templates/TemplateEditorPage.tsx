import { useState } from 'react';
import { Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { Template, TemplateInput } from '@sapa/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { HttpError } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { useSaveTemplate, useTemplate } from './api';
import { formPath } from './form-model';
import { templateMessage } from './messages';
import { notifyTemplateFailure, usePublishDialog } from './publishFlow';
import { StatusBadge } from './StatusBadge';
import { TemplateForm } from './TemplateForm';

const LIST = '/broadcast/template';
const EDITABLE = new Set(['draft', 'rejected']);

/** Server refusals that belong to a field show under it; the rest as a toast. */
function fieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'TEMPLATE_NAME_TAKEN') return { name: templateMessage(error.message) };
  if (!error.issues?.length || error.status !== 400) return null;
  return Object.fromEntries(
    error.issues.map((i) => [formPath(i.path), templateMessage(i.message)]),
  );
}

/** /broadcast/template/new and /broadcast/template/:id: the New Template form, or one template. */
export function TemplateEditorPage() {
  const { t } = useTranslation('templates');
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const navigate = useNavigate();
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';
  const query = useTemplate(isNew ? null : id);
  const save = useSaveTemplate();
  const publish = usePublishDialog(() => navigate(LIST));
  // "Save and publish" on a new template saves first; if publishing is then cancelled, the next
  // save must update that draft, not create it again.
  const [createdId, setCreatedId] = useState<string | null>(null);

  const submit = async (body: TemplateInput, andPublish: boolean) => {
    try {
      const saved: Template = await save.mutateAsync({
        id: isNew ? createdId : (id ?? null),
        body,
      });
      if (andPublish) {
        setCreatedId(saved._id);
        publish.ask(saved);
        return;
      }
      notifySuccess(isNew ? t('form.created') : t('form.saved'));
      navigate(LIST);
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors) return errors;
      notifyTemplateFailure(error);
    }
  };

  const back = (
    <Anchor component={Link} to={LIST} size="sm" data-testid="template-back">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('form.back')}
      </Group>
    </Anchor>
  );

  if (isNew)
    return (
      <Stack gap={0}>
        {back}
        <PageHeader title={t('form.newTitle')} subtitle={t('subtitle')} />
        <TemplateForm
          template={null}
          readOnly={!canManage}
          saving={save.isPending || publish.pending}
          onSubmit={submit}
          onCancel={() => navigate(LIST)}
        />
        {publish.dialog}
      </Stack>
    );

  if (query.isError && query.error instanceof HttpError && query.error.status === 404)
    return (
      <Stack gap="md">
        {back}
        <Center py="xl">
          <Text c="dimmed">{t('form.notFound')}</Text>
        </Center>
      </Stack>
    );

  return (
    <Stack gap={0}>
      {back}
      <QueryState query={query} retryLabel={t('retry')}>
        {query.data ? (
          <>
            <PageHeader
              title={
                <Group gap="sm" component="span">
                  <span style={{ overflowWrap: 'anywhere' }}>{query.data.name}</span>
                  <StatusBadge status={query.data.status} />
                </Group>
              }
              subtitle={`${query.data.channelName} · ${t(`categories.${query.data.category}`)} · ${query.data.language}`}
            />
            <TemplateForm
              key={`${query.data._id}:${query.data.updatedAt}`}
              template={query.data}
              readOnly={!canManage || !EDITABLE.has(query.data.status)}
              saving={save.isPending || publish.pending}
              onSubmit={submit}
              onCancel={() => navigate(LIST)}
            />
          </>
        ) : (
          <Center py="xl">
            <Loader />
          </Center>
        )}
      </QueryState>
      {publish.dialog}
    </Stack>
  );
}
