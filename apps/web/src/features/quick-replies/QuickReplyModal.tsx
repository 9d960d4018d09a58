import { useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Modal,
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
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../shared/forms';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {quickReply ? t('quickReplies.editTitle') : t('quickReplies.createTitle')}
        </Text>
      }
      radius="lg"
      size="lg"
      centered
    >
      <QuickReplyForm key={quickReply?._id ?? 'new'} quickReply={quickReply} onClose={onClose} />
    </Modal>
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
      const fieldErrors = issuesToFieldErrors(error, ['shortcut', 'text', 'divisionIds']);
      if (httpStatus(error) === 409) fieldErrors.shortcut = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={uploading} data-testid="qr-save">
            {quickReply ? t('actions.save') : t('quickReplies.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
