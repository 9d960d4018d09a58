import { useState } from 'react';
import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createWhatsappServiceBodySchema, type CreateWhatsappServiceBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { useCreateWhatsappService } from '../api';
import { translateServiceErrors, translateServiceMessage } from '../messages';
import { RefusalAlert } from './RefusalAlert';

const FIELDS = ['name', 'displayPhoneNumber', 'phoneNumberId', 'wabaId', 'accessToken'] as const;

const EMPTY: CreateWhatsappServiceBody = {
  name: '',
  channel: 'whatsapp',
  displayPhoneNumber: '',
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
};

const validate = zodValidator<CreateWhatsappServiceBody>(createWhatsappServiceBodySchema);

/** Connects a WhatsApp Cloud API number: the same checks as the server, then its answer. */
export function WhatsappConnectForm() {
  const { t } = useTranslation('integrations');
  const create = useCreateWhatsappService();
  const [refusal, setRefusal] = useState<string | null>(null);

  const form = useForm<CreateWhatsappServiceBody>({
    initialValues: EMPTY,
    validate: (values) => translateServiceErrors(validate(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const service = await create.mutateAsync({
        ...values,
        name: values.name.trim(),
        displayPhoneNumber: values.displayPhoneNumber.trim(),
        phoneNumberId: values.phoneNumberId.trim(),
        wabaId: values.wabaId.trim(),
        accessToken: values.accessToken.trim(),
      });
      form.reset();
      notifySuccess(t('whatsapp.form.connected', { name: service.name }));
    } catch (error) {
      form.setErrors(translateServiceErrors(issuesToFieldErrors(error, FIELDS)));
      const text = translateServiceMessage(errorText(error));
      // The plan's channel limit, a number already connected (409), one Meta did not confirm
      // for that token (422) or Meta out of reach (502): worth keeping on screen.
      if ([409, 422, 502].includes(httpStatus(error) ?? 0)) setRefusal(text);
      notifyError(text);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="wa-connect-form">
      <Stack gap="sm">
        <RefusalAlert text={refusal} testId="wa-connect-refusal" />
        <TextInput
          label={t('whatsapp.form.name')}
          description={t('whatsapp.form.nameHint')}
          withAsterisk
          maxLength={60}
          data-testid="wa-connect-name"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('whatsapp.form.displayPhoneNumber')}
          description={t('whatsapp.form.displayPhoneNumberHint')}
          placeholder="+6281234567890"
          withAsterisk
          inputMode="tel"
          data-testid="wa-connect-display-phone"
          {...form.getInputProps('displayPhoneNumber')}
        />
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="sm">
          <TextInput
            label={t('whatsapp.form.phoneNumberId')}
            withAsterisk
            inputMode="numeric"
            data-testid="wa-connect-phone-number-id"
            {...form.getInputProps('phoneNumberId')}
          />
          <TextInput
            label={t('whatsapp.form.wabaId')}
            withAsterisk
            inputMode="numeric"
            data-testid="wa-connect-waba-id"
            {...form.getInputProps('wabaId')}
          />
        </SimpleGrid>
        <PasswordInput
          label={t('whatsapp.form.accessToken')}
          description={t('whatsapp.form.accessTokenHint')}
          withAsterisk
          autoComplete="off"
          data-testid="wa-connect-access-token"
          {...form.getInputProps('accessToken')}
        />
        <Button type="submit" loading={create.isPending} data-testid="wa-connect-submit" mt="xs">
          {t('whatsapp.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
