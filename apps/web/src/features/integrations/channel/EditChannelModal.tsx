import { useState } from 'react';
import { PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateServiceBodySchema, type Service, type UpdateServiceBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { FormActions, FormModal } from '../../shared/FormModal';
import { errorText, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { useUpdateService } from '../api';
import { RefusalAlert } from '../components/RefusalAlert';
import { translateServiceErrors, translateServiceMessage } from '../messages';

interface Values {
  name: string;
  accessToken: string;
  humanAgentReplies: boolean;
}

const isPage = (service: Service) =>
  service.channel === 'messenger' || service.channel === 'instagram';

const validate = zodValidator<UpdateServiceBody>(updateServiceBodySchema);

/** What changed: the name and a page's 7-day replies when they did, the token when typed. */
function bodyOf(service: Service, values: Values): UpdateServiceBody {
  const body: UpdateServiceBody = {};
  const name = values.name.trim();
  if (name !== service.name) body.name = name;
  const token = values.accessToken.trim();
  if (token) body.accessToken = token;
  if (isPage(service) && values.humanAgentReplies !== (service.humanAgentReplies ?? true))
    body.humanAgentReplies = values.humanAgentReplies;
  return body;
}

/**
 * Edit credentials: a new name and/or a new access token. Meta is asked about the token before
 * it replaces the old one; a refusal shows here and changes nothing.
 */
export function EditChannelModal({
  service,
  opened,
  onClose,
}: {
  service: Service;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const update = useUpdateService();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: service.name,
      accessToken: '',
      humanAgentReplies: service.humanAgentReplies ?? true,
    },
    validate: (values) => translateServiceErrors(validate(bodyOf(service, values) as never)),
  });

  const close = () => {
    setRefusal(null);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    const body = bodyOf(service, values);
    if (Object.keys(body).length === 0) return close();
    try {
      const next = await update.mutateAsync({ id: service._id, body });
      notifySuccess(
        t(body.accessToken ? 'manage.edit.rotated' : 'manage.edit.saved', { name: next.name }),
      );
      close();
    } catch (error) {
      form.setErrors(translateServiceErrors(issuesToFieldErrors(error, ['name', 'accessToken'])));
      setRefusal(translateServiceMessage(errorText(error)));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('manage.edit.title', { name: service.name })}
    >
      <form onSubmit={submit} noValidate data-testid="channel-edit-form">
        <Stack gap="sm">
          <RefusalAlert text={refusal} testId="channel-edit-refusal" />
          <TextInput
            label={t('whatsapp.form.name')}
            withAsterisk
            maxLength={60}
            data-testid="channel-edit-name"
            {...form.getInputProps('name')}
          />
          <PasswordInput
            label={t('manage.edit.token')}
            description={t('manage.edit.tokenHint')}
            autoComplete="off"
            data-testid="channel-edit-token"
            {...form.getInputProps('accessToken')}
          />
          {isPage(service) && (
            <Switch
              label={t('pages.form.humanAgent')}
              description={t('pages.form.humanAgentHint')}
              data-testid="channel-edit-human-agent"
              {...form.getInputProps('humanAgentReplies', { type: 'checkbox' })}
            />
          )}
          <FormActions
            cancelLabel={t('manage.cancel')}
            submitLabel={t('manage.edit.submit')}
            pending={update.isPending}
            onCancel={close}
            submitTestId="channel-edit-submit"
          />
        </Stack>
      </form>
    </FormModal>
  );
}
