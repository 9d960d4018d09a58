import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  type Template,
  type TemplateButton,
  type TemplateInput,
} from '@sapa/contracts';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhatsappServices } from '../integrations/api';
import { useLanguages } from './api';
import { ButtonsSection } from './ButtonsSection';
import { initialValues, toBody, validateTemplate, type TemplateFormValues } from './form-model';
import { MessageSection } from './MessageSection';
import { TemplatePreview } from './TemplatePreview';
import { RejectionReason } from './StatusBadge';
import classes from './templates.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export interface TemplateFormProps {
  template: Template | null;
  /** Accepted and in-review templates are Meta's now: shown, not edited. */
  readOnly: boolean;
  saving: boolean;
  /** Resolves to field errors from the server, if any. */
  onSubmit: (body: TemplateInput, publish: boolean) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}

/** The New Template form with the live WhatsApp preview beside it (below it on phones). */
export function TemplateForm({
  template,
  readOnly,
  saving,
  onSubmit,
  onCancel,
}: TemplateFormProps) {
  const { t } = useTranslation('templates');
  const channels = useWhatsappServices();
  const languages = useLanguages();
  const firstChannel = channels.data?.[0]?._id ?? '';
  const form = useForm<TemplateFormValues>({
    initialValues: initialValues(template, firstChannel),
    validate: validateTemplate,
  });
  const v = form.getValues();
  // The channel list may arrive after the form: default to the first channel once it does.
  useEffect(() => {
    if (!template && firstChannel && !form.getValues().channelId)
      form.setFieldValue('channelId', firstChannel);
  }, [firstChannel, template, form]);

  const submit = (publish: boolean) =>
    form.onSubmit(async (values) => {
      const errors = await onSubmit(toBody(values), publish);
      if (errors) form.setErrors(errors);
    });

  const body = toBody(v);
  const channel = channels.data?.find((c) => c._id === v.channelId);
  const previewButtons: TemplateButton[] = (body.buttons ?? []).map((b) =>
    b.type === 'chat' ? { ...b, code: b.code ?? '' } : b,
  );

  return (
    <div className={classes.editor} data-readonly={readOnly || undefined}>
      <form className={classes.formColumn} noValidate onSubmit={submit(false)}>
        <Stack gap="md">
          {template?.status === 'rejected' && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              <Text size="sm" fw={600}>
                {t('form.rejectedNotice')}
              </Text>
              <RejectionReason reason={template.rejectionReason} />
            </Alert>
          )}
          {readOnly && (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              {t('form.readOnly')}
            </Alert>
          )}
          <Section title={t('form.basics')}>
            <Stack gap="sm">
              <TextInput
                label={t('form.name')}
                description={t('form.nameHint')}
                withAsterisk
                readOnly={readOnly}
                maxLength={TEMPLATE_LIMITS.name + 10}
                data-testid="template-name"
                {...form.getInputProps('name')}
              />
              <Select
                label={t('form.channel')}
                placeholder={t('form.channelPlaceholder')}
                withAsterisk
                readOnly={readOnly}
                data={(channels.data ?? []).map((c) => ({
                  value: c._id,
                  label: c.displayPhoneNumber ? `${c.name} · +${c.displayPhoneNumber}` : c.name,
                }))}
                nothingFoundMessage={t('form.noChannel')}
                data-testid="template-channel"
                {...form.getInputProps('channelId')}
              />
              {channels.isSuccess && channels.data.length === 0 && (
                <Text size="xs" c="red">
                  {t('form.noChannel')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={t('form.category')}
                  withAsterisk
                  allowDeselect={false}
                  readOnly={readOnly}
                  data={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                  data-testid="template-category"
                  {...form.getInputProps('category')}
                />
                <Select
                  label={t('form.language')}
                  placeholder={t('form.languagePlaceholder')}
                  withAsterisk
                  searchable
                  allowDeselect={false}
                  readOnly={readOnly}
                  data={languages.data ?? []}
                  data-testid="template-language"
                  {...form.getInputProps('language')}
                />
              </SimpleGrid>
              <Switch
                mt={4}
                label={t('form.initiate')}
                description={t('form.initiateHint')}
                disabled={readOnly}
                {...form.getInputProps('initiateMessage', { type: 'checkbox' })}
              />
            </Stack>
          </Section>
          <Section title={t('form.message')}>
            <MessageSection form={form} readOnly={readOnly} />
          </Section>
          <Section title={t('form.buttons')}>
            <ButtonsSection form={form} readOnly={readOnly} />
          </Section>
          <Section title={t('form.extra')}>
            <Textarea
              label={t('form.disclaimer')}
              description={t('form.disclaimerHint')}
              autosize
              minRows={2}
              readOnly={readOnly}
              data-testid="template-disclaimer"
              {...form.getInputProps('disclaimer')}
            />
          </Section>
          <Group justify="flex-end" gap="sm" className={classes.actions}>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {readOnly ? t('form.back') : t('actions.cancel')}
            </Button>
            {!readOnly && (
              <>
                <Button type="submit" variant="light" loading={saving} data-testid="template-save">
                  {template ? t('form.saveChanges') : t('form.save')}
                </Button>
                <Button
                  loading={saving}
                  onClick={() => submit(true)()}
                  data-testid="template-save-publish"
                >
                  {t('form.saveAndPublish')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
      <aside className={classes.previewColumn}>
        <Text fw={650}>{t('form.preview')}</Text>
        <Text size="xs" c="dimmed" mb="xs">
          {t('form.previewHint')}
        </Text>
        <TemplatePreview
          data={{
            headerType: body.headerType ?? null,
            headerText: body.headerText ?? null,
            headerExample: v.headerExample || null,
            // The example the saved template will have: the uploaded file or the link.
            headerExampleUrl:
              v.exampleMode === 'link'
                ? (body.headerExampleUrl ?? null)
                : v.headerExamplePreview || null,
            content: v.content,
            bodyExamples: v.bodyExamples,
            footer: body.footer ?? null,
            buttons: previewButtons,
            businessName: channel?.name ?? 'WhatsApp Business',
          }}
        />
        {v.disclaimer.trim() && (
          <Text size="xs" c="dimmed" mt="sm" className={classes.disclaimer}>
            {v.disclaimer}
          </Text>
        )}
      </aside>
    </div>
  );
}
