import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Chat, Template } from '@sapa/contracts';
import { IconAlertTriangle, IconArrowLeft, IconSend2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChatTemplates } from './api';
import classes from './templates.module.css';
import { TemplateParamsForm } from './TemplateParamsForm';
import { TemplatePicker } from './TemplatePicker';
import { TemplatePreview } from './TemplatePreview';
import { emptyValues, issueKey, valueIssues, type TemplateValues } from './values';

interface SendTemplateModalProps {
  chat: Pick<Chat, '_id' | 'name' | 'identifier'>;
  opened: boolean;
  onClose: () => void;
  canManage: boolean;
  /** Sends; resolves on success, rejects with a message to show in the dialog. */
  onSend: (template: Template, values: TemplateValues) => Promise<void>;
}

/** Pick an accepted template, fill its values with a live preview, send it into the chat. */
export function SendTemplateModal({
  chat,
  opened,
  onClose,
  canManage,
  onSend,
}: SendTemplateModalProps) {
  const { t } = useTranslation('inboxTemplates');
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const templates = useChatTemplates(chat._id, opened);
  const [picked, setPicked] = useState<Template | null>(null);
  const [values, setValues] = useState<TemplateValues | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setPicked(null);
    setValues(null);
    setTouched(new Set());
    setFailure(null);
  };
  const close = () => {
    if (sending) return;
    reset();
    onClose();
  };
  const pick = (template: Template) => {
    setPicked(template);
    setValues(emptyValues(template));
    setTouched(new Set());
    setFailure(null);
  };
  const touch = (key: string) => setTouched((prev) => new Set(prev).add(key));

  const submit = async () => {
    if (!picked || !values) return;
    const issues = valueIssues(picked, values);
    if (issues.length) {
      setTouched(new Set(issues.map(issueKey)));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await onSend(picked, values);
      reset();
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const title = picked ? (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t('back')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={reset}
          aria-label={t('back')}
          data-testid="template-back"
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Text fw={650} truncate>
        {picked.name}
      </Text>
    </Group>
  ) : (
    <Text fw={650}>{t('title')}</Text>
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={picked ? 860 : 'lg'}
      fullScreen={phone}
      centered
      radius="md"
      data-testid="send-template-modal"
    >
      {!picked || !values ? (
        <TemplatePicker
          templates={templates.data}
          status={templates.status}
          onRetry={() => void templates.refetch()}
          onPick={pick}
          canManage={canManage}
          onNavigate={close}
        />
      ) : (
        <Stack gap="md">
          <div className={classes.layout}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('fill')}
              </Text>
              <TemplateParamsForm
                template={picked}
                values={values}
                onChange={setValues}
                touched={touched}
                onTouch={touch}
              />
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('preview')}
              </Text>
              <TemplatePreview template={picked} values={values} />
            </Stack>
          </div>
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="template-send-error"
            >
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              {t('cancel')}
            </Button>
            <Button
              leftSection={<IconSend2 size={16} />}
              onClick={() => void submit()}
              loading={sending}
              data-testid="template-send"
            >
              {t('send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
