import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { FormActions, FormModal } from '../../shared/FormModal';
import { saveErrors } from '../../shared/saveErrors';
import { useCreateEndpoint, useUpdateEndpoint } from '../api';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@sapa/contracts';

interface EndpointModalProps {
  opened: boolean;
  /** null adds an endpoint; otherwise its events are edited (the URL is its identity). */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint's secret, shown once by the page. */
  onCreated: (answer: WebhookEndpointWithSecret) => void;
}

export function EndpointModal({ opened, endpoint, onClose, onCreated }: EndpointModalProps) {
  const { t } = useTranslation('webhooks');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={endpoint ? t('form.editTitle') : t('form.addTitle')}
    >
      <EndpointForm
        key={endpoint?.id ?? 'new'}
        endpoint={endpoint}
        onClose={onClose}
        onCreated={onCreated}
      />
    </FormModal>
  );
}

interface FormValues {
  url: string;
  events: WebhookEventType[];
}

function EndpointForm({ endpoint, onClose, onCreated }: Omit<EndpointModalProps, 'opened'>) {
  const { t } = useTranslation('webhooks');
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const form = useForm<FormValues>({
    initialValues: {
      url: endpoint?.url ?? '',
      // A new endpoint starts with what most integrations want first.
      events: endpoint?.events ?? ['message.received', 'message.status'],
    },
    validate: {
      events: (events) => (events.length === 0 ? t('noEvents') : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: { events: values.events } });
        notifySuccess(t('form.saved'));
        onClose();
      } else {
        const answer = await create.mutateAsync({ url: values.url.trim(), events: values.events });
        notifySuccess(t('form.created'));
        onClose();
        onCreated(answer);
      }
    } catch (error) {
      form.setErrors(saveErrors(error, { fields: ['url', 'events'] }));
    }
  });

  const all = form.values.events.length === WEBHOOK_EVENT_TYPES.length;
  const some = form.values.events.length > 0 && !all;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {endpoint ? (
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
        ) : (
          <TextInput
            label={t('form.url')}
            description={t('form.urlHint')}
            placeholder={t('form.urlPlaceholder')}
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            data-autofocus
            data-testid="webhook-url"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('url')}
          />
        )}
        <Checkbox.Group
          label={
            <Group justify="space-between" gap="xs" w="100%" component="span">
              <span>{t('form.events')}</span>
            </Group>
          }
          error={form.errors.events}
          value={form.values.events}
          onChange={(value) => form.setFieldValue('events', value as WebhookEventType[])}
          data-testid="webhook-events"
        >
          <Checkbox
            mt="xs"
            label={t('allEvents')}
            checked={all}
            indeterminate={some}
            onChange={() => form.setFieldValue('events', all ? [] : [...WEBHOOK_EVENT_TYPES])}
            data-testid="webhook-events-all"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="sm">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <Text ff="monospace" size="sm" fw={600}>
                    {type}
                  </Text>
                }
                description={t(`events.${type}`)}
                data-testid={`webhook-event-${type}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormActions
          cancelLabel={t('cancel')}
          submitLabel={endpoint ? t('form.save') : t('form.create')}
          pending={create.isPending || update.isPending}
          onCancel={onClose}
          submitTestId="webhook-submit"
        />
      </Stack>
    </form>
  );
}
