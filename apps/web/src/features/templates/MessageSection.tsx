import {
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  TEMPLATE_HEADER_TYPES,
  TEMPLATE_LIMITS,
  templateParams,
  type TemplateHeaderType,
} from '@sapa/contracts';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { syncExamples, type TemplateFormValues } from './form-model';
import { HeaderExampleField } from './HeaderExampleField';
import { PARAMS } from './messages';

type Form = UseFormReturnType<TemplateFormValues>;

const paramCountOf = (content: string) => Math.max(0, ...templateParams(content));

function Counter({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation('templates');
  return (
    <Text size="xs" c={value.length > max ? 'red' : 'dimmed'} ta="right">
      {t('form.chars', { count: value.length, max })}
    </Text>
  );
}

/** Header, content with its example values, and footer. */
export function MessageSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { t } = useTranslation('templates');
  const v = form.getValues();

  const setContent = (content: string) => {
    form.setFieldValue('content', content);
    form.setFieldValue(
      'bodyExamples',
      syncExamples(form.getValues().bodyExamples, paramCountOf(content)),
    );
  };
  const addParam = () => {
    const content = form.getValues().content;
    const next = paramCountOf(content) + 1;
    setContent(`${content}${content && !content.endsWith(' ') ? ' ' : ''}{{${next}}}`);
  };

  return (
    <Stack gap="md">
      <Switch
        label={t('form.header')}
        disabled={readOnly}
        data-testid="template-header-on"
        {...form.getInputProps('headerOn', { type: 'checkbox' })}
      />
      {v.headerOn && (
        <Stack gap="sm" pl={{ base: 0, sm: 'md' }}>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('form.headerType')}
            </Text>
            <SegmentedControl
              fullWidth
              disabled={readOnly}
              data-testid="template-header-type"
              data={TEMPLATE_HEADER_TYPES.map((h) => ({
                value: h,
                label: t(`headerTypes.${h}`),
              }))}
              value={v.headerType}
              onChange={(value) => form.setFieldValue('headerType', value as TemplateHeaderType)}
            />
          </div>
          {v.headerType === 'text' ? (
            <>
              <TextInput
                label={t('form.headerText')}
                description={t('form.headerTextHint', PARAMS)}
                readOnly={readOnly}
                data-testid="template-header-text"
                {...form.getInputProps('headerText')}
              />
              {templateParams(v.headerText).length > 0 && (
                <TextInput
                  label={t('form.headerExample', PARAMS)}
                  readOnly={readOnly}
                  data-testid="template-header-example"
                  {...form.getInputProps('headerExample')}
                />
              )}
            </>
          ) : (
            <HeaderExampleField form={form} headerType={v.headerType} readOnly={readOnly} />
          )}
        </Stack>
      )}

      <div>
        <Textarea
          label={t('form.content')}
          description={t('form.contentHint', PARAMS)}
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          readOnly={readOnly}
          data-testid="template-content"
          {...form.getInputProps('content')}
          onChange={(e) => setContent(e.currentTarget.value)}
        />
        <Group justify={readOnly ? 'flex-end' : 'space-between'} mt={4}>
          {!readOnly && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconBraces size={14} />}
              onClick={addParam}
              data-testid="template-add-param"
            >
              {t('form.addParam')}
            </Button>
          )}
          <Counter value={v.content} max={TEMPLATE_LIMITS.content} />
        </Group>
      </div>

      {v.bodyExamples.length > 0 && (
        <Stack gap={6}>
          <div>
            <Text size="sm" fw={500}>
              {t('form.examples')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('form.examplesHint')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {v.bodyExamples.map((_, i) => (
              <TextInput
                key={i}
                leftSection={
                  <Text size="xs" c="dimmed" ff="monospace">
                    {`{{${i + 1}}}`}
                  </Text>
                }
                leftSectionWidth={44}
                aria-label={`${t('form.example')} {{${i + 1}}}`}
                readOnly={readOnly}
                data-testid={`template-example-${i + 1}`}
                {...form.getInputProps(`bodyExamples.${i}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <Switch
        label={t('form.footer')}
        disabled={readOnly}
        data-testid="template-footer-on"
        {...form.getInputProps('footerOn', { type: 'checkbox' })}
      />
      {v.footerOn && (
        <div>
          <TextInput
            label={t('form.footerText')}
            readOnly={readOnly}
            data-testid="template-footer"
            {...form.getInputProps('footer')}
          />
          <Counter value={v.footer} max={TEMPLATE_LIMITS.footer} />
        </div>
      )}
    </Stack>
  );
}
