import { useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { quickReplyBodySchema, type QuickReply } from '@sapa/contracts';
import { IconFile, IconPaperclip, IconPhoto, IconVideo, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { checkAttachment } from '../inbox/attachments';
import { uploadMedia } from '../inbox/api';
import { useDivisions } from '../settings/api';
import { errorText, zodValidator } from '../shared/forms';
import { FormActions, FormModal } from '../shared/FormModal';
import { saveErrors } from '../shared/saveErrors';
import { useSaveQuickReply, type QuickReplyBody } from './api';

const check = zodValidator<QuickReplyBody>(quickReplyBodySchema);

type Media = NonNullable<QuickReply['media']>;

interface QuickReplyModalProps {
  opened: boolean;
  /** null creates one. */
  quickReply: QuickReply | null;
  onClose: () => void;
}

export function QuickReplyModal({ opened, quickReply, onClose }: QuickReplyModalProps) {
  const { t } = useTranslation('settings');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={quickReply ? t('quickReplies.editTitle') : t('quickReplies.createTitle')}
      size="lg"
    >
      <QuickReplyForm key={quickReply?._id ?? 'new'} quickReply={quickReply} onClose={onClose} />
    </FormModal>
  );
}

export function MediaIcon({ mimeType, size = 16 }: { mimeType: string; size?: number }) {
  if (mimeType.startsWith('image/')) return <IconPhoto size={size} />;
  if (mimeType.startsWith('video/')) return <IconVideo size={size} />;
  return <IconFile size={size} />;
}

function QuickReplyForm({ quickReply, onClose }: Omit<QuickReplyModalProps, 'opened'>) {
  const { t } = useTranslation('settings');
  const save = useSaveQuickReply();
  const divisions = useDivisions();
  const [media, setMedia] = useState<Media | null>(quickReply?.media ?? null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<QuickReplyBody>({
    initialValues: {
      shortcut: quickReply?.shortcut ?? '',
      text: quickReply?.text ?? '',
      mediaId: quickReply?.media?._id ?? null,
      divisionIds: quickReply?.divisionIds ?? [],
    },
    validate: check,
  });

  const pick = async (file: File | null) => {
    if (!file) return;
    const checked = checkAttachment(file);
    if (!checked.ok) {
      notifyError(t(`quickReplies.file.${checked.reason}`));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadMedia(file);
      setMedia({ _id: uploaded._id, mimeType: uploaded.mimeType, filename: uploaded.filename });
      form.setFieldValue('mediaId', uploaded._id);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: quickReply?._id ?? null,
        body: { ...values, shortcut: values.shortcut.trim(), text: values.text.trim() },
      });
      notifySuccess(quickReply ? t('quickReplies.updated') : t('quickReplies.created'));
      onClose();
    } catch (error) {
      form.setErrors(
        saveErrors(error, {
          fields: ['shortcut', 'text', 'divisionIds'],
          conflictField: 'shortcut',
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('quickReplies.shortcut')}
          description={t('quickReplies.shortcutHelp')}
          placeholder="greeting"
          required
          maxLength={30}
          leftSection={<Text c="dimmed">/</Text>}
          data-autofocus
          data-testid="qr-shortcut"
          {...form.getInputProps('shortcut')}
        />
        <Textarea
          label={t('quickReplies.text')}
          placeholder={t('quickReplies.textPlaceholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={4096}
          data-testid="qr-text"
          {...form.getInputProps('text')}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('quickReplies.media')}
          </Text>
          {media ? (
            <Paper withBorder radius="md" p="xs">
              <Group gap="sm" wrap="nowrap">
                <MediaIcon mimeType={media.mimeType} />
                <Text size="sm" truncate="end" style={{ flex: 1 }} data-testid="qr-media-name">
                  {media.filename ?? media.mimeType}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    setMedia(null);
                    form.setFieldValue('mediaId', null);
                  }}
                  aria-label={t('quickReplies.removeMedia')}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ) : (
            <FileButton onChange={(file) => void pick(file)}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPaperclip size={16} />}
                  loading={uploading}
                  data-testid="qr-media"
                >
                  {t('quickReplies.attach')}
                </Button>
              )}
            </FileButton>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {t('quickReplies.mediaHelp')}
          </Text>
        </div>
        <MultiSelect
          label={t('quickReplies.divisions')}
          description={t('quickReplies.divisionsHelp')}
          placeholder={form.values.divisionIds.length ? undefined : t('quickReplies.everyone')}
          data={(divisions.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
          searchable
          clearable
          nothingFoundMessage={t('quickReplies.noDivision')}
          data-testid="qr-divisions"
          {...form.getInputProps('divisionIds')}
        />
        <FormActions
          cancelLabel={t('actions.cancel')}
          submitLabel={quickReply ? t('actions.save') : t('quickReplies.create')}
          pending={save.isPending}
          onCancel={onClose}
          submitTestId="qr-save"
          submitDisabled={uploading}
        />
      </Stack>
    </form>
  );
}
