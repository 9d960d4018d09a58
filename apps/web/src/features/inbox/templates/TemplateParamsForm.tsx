import { Stack, Text, TextInput } from '@mantine/core';
import { templateInputs, type Template } from '@sapa/contracts';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { issueKey, issueText, valueIssues, type TemplateValues } from './values';

interface TemplateParamsFormProps {
  template: Template;
  values: TemplateValues;
  onChange: (values: TemplateValues) => void;
  /** Fields the agent has left (or every field once Send was pressed): their errors show. */
  touched: ReadonlySet<string>;
  onTouch: (key: string) => void;
}

/** One input per `{{n}}` of the body, plus the header's value or media link when it takes one. */
export function TemplateParamsForm({
  template,
  values,
  onChange,
  touched,
  onTouch,
}: TemplateParamsFormProps) {
  const { t } = useTranslation('inboxTemplates');
  const need = templateInputs(template);
  const errors = new Map<string, string>();
  for (const issue of valueIssues(template, values)) {
    const key = issueKey(issue);
    if (!touched.has(key) || errors.has(key)) continue;
    const { key: textKey, values: args } = issueText(issue);
    errors.set(key, t(textKey, args));
  }

  const setParam = (index: number, value: string) => {
    const params = values.params.slice();
    params[index] = value;
    onChange({ ...values, params });
  };

  if (!need.headerParam && !need.headerMedia && need.bodyParams.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="template-no-params">
        {t('noParams')}
      </Text>
    );

  return (
    <Stack gap="sm" data-testid="template-params-form">
      {need.headerParam && (
        <TextInput
          label={t('headerValue')}
          description={template.headerText ?? undefined}
          placeholder={
            template.examples.header
              ? t('example', { example: template.examples.header })
              : undefined
          }
          value={values.headerParam}
          onChange={(e) => onChange({ ...values, headerParam: e.currentTarget.value })}
          onBlur={() => onTouch('headerParam')}
          error={errors.get('headerParam')}
          maxLength={60}
          withAsterisk
          data-testid="template-header-param"
        />
      )}
      {need.headerMedia && (
        <TextInput
          type="url"
          inputMode="url"
          label={t(`media.${need.headerMedia}`)}
          description={t('mediaHint')}
          placeholder="https://"
          leftSection={<IconLink size={16} />}
          value={values.headerMediaUrl}
          onChange={(e) => onChange({ ...values, headerMediaUrl: e.currentTarget.value })}
          onBlur={() => onTouch('headerMediaUrl')}
          error={errors.get('headerMediaUrl')}
          withAsterisk
          data-testid="template-header-media"
        />
      )}
      {need.bodyParams.map((n) => {
        const key = `params.${n - 1}`;
        const example = template.examples.body[n - 1];
        return (
          <TextInput
            key={n}
            label={t('value', { n })}
            placeholder={example ? t('example', { example }) : undefined}
            value={values.params[n - 1] ?? ''}
            onChange={(e) => setParam(n - 1, e.currentTarget.value)}
            onBlur={() => onTouch(key)}
            error={errors.get(key)}
            withAsterisk
            data-testid={`template-param-${n}`}
          />
        );
      })}
      {errors.get('body') && (
        <Text size="sm" c="red" data-testid="template-body-error">
          {errors.get('body')}
        </Text>
      )}
    </Stack>
  );
}
