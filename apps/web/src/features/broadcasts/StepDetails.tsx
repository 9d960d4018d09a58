import {
  Alert,
  Anchor,
  FileInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { BROADCAST_LIMITS, type Service, type Template } from '@sapa/contracts';
import { IconInfoCircle, IconLink, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { headerMediaType, type WizardErrors, type WizardValues } from './wizard-model';

const ACCEPT = {
  image: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  video: 'video/mp4,video/ogg,.mp4,.ogg',
  document: undefined,
} as const;

/** Step 1: title, channel, an approved template of it, and the header media it may need. */
export function StepDetails({
  values,
  set,
  errors,
  channels,
  templates,
  template,
  canManageTemplates,
  linkedNumbers = 0,
}: {
  values: WizardValues;
  set: (patch: Partial<WizardValues>) => void;
  errors: WizardErrors;
  channels: Service[];
  templates: Template[];
  template: Template | null;
  canManageTemplates: boolean;
  /** The account's numbers linked by QR code (WhatsApp basic): never offered, and it says why. */
  linkedNumbers?: number;
}) {
  const { t } = useTranslation('broadcasts');
  const err = (key: string) => (errors[key] ? t(errors[key] ?? '') : undefined);
  const ofChannel = templates.filter((x) => x.channelId === values.channelId);
  const media = headerMediaType(template);
  const mediaLabel = media ? t(`wizard.mediaTypes.${media}`) : '';

  return (
    <Stack gap="md">
      <TextInput
        label={t('wizard.details.titleLabel')}
        placeholder={t('wizard.details.titlePlaceholder')}
        description={t('wizard.details.titleHint')}
        value={values.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        maxLength={BROADCAST_LIMITS.titleMax}
        rightSection={
          <Text size="xs" c="dimmed">
            {values.title.length}/{BROADCAST_LIMITS.titleMax}
          </Text>
        }
        rightSectionWidth={52}
        error={err('title')}
        withAsterisk
        data-testid="broadcast-title"
      />
      {channels.length === 0 ? (
        <Alert color="yellow" variant="light">
          {t('wizard.details.noChannels')}
        </Alert>
      ) : (
        <Select
          label={t('wizard.details.channel')}
          placeholder={t('wizard.details.channelPlaceholder')}
          data={channels.map((c) => ({
            value: c._id,
            label: c.displayPhoneNumber ? `${c.name} · +${c.displayPhoneNumber}` : c.name,
          }))}
          value={values.channelId}
          onChange={(v) => set({ channelId: v, templateId: null })}
          error={err('channelId')}
          allowDeselect={false}
          withAsterisk
          data-testid="broadcast-channel"
        />
      )}
      {linkedNumbers > 0 && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={t('wizard.details.linkedTitle', { count: linkedNumbers })}
          data-testid="broadcast-linked-note"
        >
          {t('wizard.details.linkedBody')}
        </Alert>
      )}
      <Select
        label={t('wizard.details.template')}
        placeholder={t('wizard.details.templatePlaceholder')}
        data={ofChannel.map((x) => ({ value: x._id, label: `${x.name} (${x.language})` }))}
        value={values.templateId}
        onChange={(v) => set({ templateId: v, fields: {} })}
        error={err('templateId')}
        disabled={!values.channelId}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('wizard.details.noTemplates')}
        withAsterisk
        data-testid="broadcast-template"
      />
      {values.channelId && ofChannel.length === 0 && (
        <Alert color="gray" variant="light">
          <Text size="sm">{t('wizard.details.noTemplates')}</Text>
          {canManageTemplates && (
            <Anchor component={Link} to="/broadcast/template/new" size="sm">
              {t('wizard.details.createTemplate')}
            </Anchor>
          )}
        </Alert>
      )}
      {media && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('wizard.details.media', { type: mediaLabel })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('wizard.details.mediaHelp', { type: mediaLabel })}
          </Text>
          <SegmentedControl
            value={values.mediaMode}
            onChange={(v) => set({ mediaMode: v === 'link' ? 'link' : 'upload' })}
            data={[
              { value: 'upload', label: t('wizard.details.upload') },
              { value: 'link', label: t('wizard.details.link') },
            ]}
            w={240}
          />
          {values.mediaMode === 'upload' ? (
            <FileInput
              leftSection={<IconUpload size={16} />}
              placeholder={t('wizard.details.mediaFilePlaceholder')}
              description={t(
                media === 'image'
                  ? 'wizard.details.mediaRulesImage'
                  : media === 'video'
                    ? 'wizard.details.mediaRulesVideo'
                    : 'wizard.details.mediaRulesDocument',
              )}
              accept={ACCEPT[media]}
              value={values.mediaFile}
              onChange={(file) => set({ mediaFile: file })}
              error={err('media')}
              clearable
              aria-label={t('wizard.details.mediaFile')}
              data-testid="broadcast-media-file"
            />
          ) : (
            <TextInput
              leftSection={<IconLink size={16} />}
              placeholder={t('wizard.details.mediaLinkPlaceholder')}
              value={values.mediaLink}
              onChange={(e) => set({ mediaLink: e.currentTarget.value })}
              error={err('media')}
              aria-label={t('wizard.details.mediaLink')}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
