import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TEMPLATE_LIMITS } from '@sapa/contracts';
import { IconArrowBackUp, IconExternalLink, IconPhone, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emptyButton, type ButtonValues, type TemplateFormValues } from './form-model';

type Form = UseFormReturnType<TemplateFormValues>;

const KINDS = [
  { type: 'chat', icon: IconArrowBackUp, label: 'form.addChat' },
  { type: 'link', icon: IconExternalLink, label: 'form.addLink' },
  { type: 'call', icon: IconPhone, label: 'form.addCall' },
] as const;

/** Chat (quick reply), link and call buttons, within Meta's counts. */
export function ButtonsSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { t } = useTranslation('templates');
  const buttons = form.getValues().buttons;
  const count = (type: ButtonValues['type']) => buttons.filter((b) => b.type === type).length;
  const full = (type: ButtonValues['type']) =>
    buttons.length >= TEMPLATE_LIMITS.buttons ||
    (type === 'link' && count('link') >= TEMPLATE_LIMITS.linkButtons) ||
    (type === 'call' && count('call') >= TEMPLATE_LIMITS.callButtons);
  const error = form.errors.buttons;

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('form.buttonsHint')}
      </Text>
      {buttons.map((b, i) => (
        <Card key={i} withBorder radius="md" p="sm" data-testid={`template-button-${i}`}>
          <Group justify="space-between" mb="xs">
            <Text size="sm" fw={600}>
              {t(`form.buttonKinds.${b.type}`)}
            </Text>
            {!readOnly && (
              <Tooltip label={t('form.removeButton')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('form.removeButton')}
                  onClick={() => form.removeListItem('buttons', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Stack gap="xs">
            <TextInput
              label={t('form.buttonLabel')}
              readOnly={readOnly}
              data-testid={`template-button-${i}-label`}
              {...form.getInputProps(`buttons.${i}.label`)}
            />
            {b.type === 'chat' && (
              <TextInput
                label={t('form.buttonCode')}
                readOnly={readOnly}
                data-testid={`template-button-${i}-code`}
                {...form.getInputProps(`buttons.${i}.code`)}
              />
            )}
            {b.type === 'link' && (
              <TextInput
                label={t('form.buttonUrl')}
                placeholder="https://"
                readOnly={readOnly}
                data-testid={`template-button-${i}-url`}
                {...form.getInputProps(`buttons.${i}.url`)}
              />
            )}
            {b.type === 'call' && (
              <TextInput
                label={t('form.buttonPhone')}
                placeholder={t('form.buttonPhonePlaceholder')}
                readOnly={readOnly}
                data-testid={`template-button-${i}-phone`}
                {...form.getInputProps(`buttons.${i}.phone`)}
              />
            )}
          </Stack>
        </Card>
      ))}
      {typeof error === 'string' && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      {!readOnly && (
        <Group gap="xs">
          {KINDS.map((k) => (
            <Button
              key={k.type}
              variant="light"
              size="xs"
              leftSection={<k.icon size={14} />}
              disabled={full(k.type)}
              onClick={() => form.insertListItem('buttons', emptyButton(k.type))}
              data-testid={`template-add-${k.type}`}
            >
              {t(k.label)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
