import { useRef, useState } from 'react';
import { FileInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { uploadMedia } from '../inbox/api';
import type { TemplateFormValues } from './form-model';

type Form = UseFormReturnType<TemplateFormValues>;

// What Meta's Resumable Upload API takes for each header type.
const ACCEPT = {
  image: 'image/jpeg,image/png',
  video: 'video/mp4',
  document: 'application/pdf',
} as const;

/**
 * A media header's example for Meta's review: a file uploaded now (sent to Meta's upload API
 * when the template is published) or an https link Sapa downloads then.
 */
export function HeaderExampleField({
  form,
  headerType,
  readOnly,
}: {
  form: Form;
  headerType: 'image' | 'video' | 'document';
  readOnly: boolean;
}) {
  const { t } = useTranslation('templates');
  const v = form.getValues();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const type = t(`headerTypes.${headerType}`).toLowerCase();
  const fileError = form.errors.headerExampleMediaId ?? form.errors.headerExampleUrl;
  // Only the latest choice may land: an earlier upload that finishes later is dropped.
  const latest = useRef(0);

  const choose = async (chosen: File | null) => {
    const attempt = ++latest.current;
    setFile(chosen);
    form.setFieldValue('headerExampleMediaId', '');
    form.setFieldValue('headerExampleFilename', '');
    if (v.headerExamplePreview) URL.revokeObjectURL(v.headerExamplePreview);
    form.setFieldValue('headerExamplePreview', '');
    if (!chosen) return;
    setUploading(true);
    try {
      const saved = await uploadMedia(chosen);
      if (attempt !== latest.current) return;
      form.setFieldValue('headerExampleMediaId', saved._id);
      form.setFieldValue('headerExampleFilename', saved.filename ?? chosen.name);
      form.setFieldValue('headerExamplePreview', URL.createObjectURL(chosen));
      form.clearFieldError('headerExampleMediaId');
      form.clearFieldError('headerExampleUrl');
    } catch (err) {
      if (attempt !== latest.current) return;
      setFile(null);
      form.setFieldError(
        'headerExampleMediaId',
        err instanceof HttpError ? err.message : t('errors.exampleNotFound'),
      );
    } finally {
      if (attempt === latest.current) setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('form.exampleSource')}
        </Text>
        <SegmentedControl
          disabled={readOnly}
          data-testid="template-example-mode"
          data={[
            { value: 'upload', label: t('form.exampleUpload') },
            { value: 'link', label: t('form.exampleLink') },
          ]}
          value={v.exampleMode}
          onChange={(mode) =>
            form.setFieldValue('exampleMode', mode === 'link' ? 'link' : 'upload')
          }
        />
      </div>
      {v.exampleMode === 'upload' ? (
        <FileInput
          label={t('form.exampleFile')}
          description={t('form.exampleFileHint', {
            type,
            rules: t(`form.exampleRules.${headerType}`),
          })}
          placeholder={
            uploading
              ? t('form.exampleUploading')
              : v.headerExampleFilename
                ? t('form.exampleKept', { name: v.headerExampleFilename })
                : t('form.exampleFilePlaceholder')
          }
          leftSection={<IconUpload size={16} />}
          accept={ACCEPT[headerType]}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          disabled={readOnly || uploading}
          error={fileError}
          data-testid="template-header-file"
        />
      ) : (
        <TextInput
          label={t('form.headerExampleUrl')}
          description={t('form.headerExampleUrlHint', { type })}
          placeholder="https://"
          readOnly={readOnly}
          data-testid="template-header-url"
          {...form.getInputProps('headerExampleUrl')}
        />
      )}
    </Stack>
  );
}
