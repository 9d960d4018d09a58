import { useState } from 'react';
import { Button, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createInstagramServiceBodySchema,
  createMessengerServiceBodySchema,
  type CreateInstagramServiceBody,
  type CreateMessengerServiceBody,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { useCreateService } from '../api';
import { translateServiceErrors, translateServiceMessage } from '../messages';
import { RefusalAlert } from './RefusalAlert';

export type PageChannel = 'messenger' | 'instagram';
type Body = CreateMessengerServiceBody | CreateInstagramServiceBody;

interface Values {
  name: string;
  instagramAccountId: string;
  pageId: string;
  pageAccessToken: string;
  humanAgentReplies: boolean;
}

const EMPTY: Values = {
  name: '',
  instagramAccountId: '',
  pageId: '',
  pageAccessToken: '',
  humanAgentReplies: true,
};
const FIELDS = ['name', 'instagramAccountId', 'pageId', 'pageAccessToken'] as const;

function bodyOf(channel: PageChannel, v: Values): Body {
  const common = {
    name: v.name.trim(),
    pageId: v.pageId.trim(),
    pageAccessToken: v.pageAccessToken.trim(),
    humanAgentReplies: v.humanAgentReplies,
  };
  return channel === 'instagram'
    ? { ...common, channel, instagramAccountId: v.instagramAccountId.trim() }
    : { ...common, channel };
}

const VALIDATORS = {
  messenger: zodValidator<Body>(createMessengerServiceBodySchema),
  instagram: zodValidator<Body>(createInstagramServiceBodySchema),
};

/**
 * Connects a Facebook Page's Messenger inbox or an Instagram account (through its Page): the
 * contract's checks in the browser, then the server's answer, whose refusal names the problem.
 */
export function PageConnectForm({ channel }: { channel: PageChannel }) {
  const { t } = useTranslation('integrations');
  const create = useCreateService<Body>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => translateServiceErrors(VALIDATORS[channel](bodyOf(channel, values))),
  });

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const service = await create.mutateAsync(bodyOf(channel, values));
      form.reset();
      notifySuccess(t('pages.form.connected', { name: service.name }));
    } catch (error) {
      form.setErrors(translateServiceErrors(issuesToFieldErrors(error, FIELDS)));
      const text = translateServiceMessage(errorText(error));
      // Meta's refusal (422), the plan's limit or a page already connected (409), Meta out of
      // reach (502): the reason stays on screen beside the fields it is about.
      if ([409, 422, 502].includes(httpStatus(error) ?? 0)) setRefusal(text);
      notifyError(text);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`${channel}-connect-form`}>
      <Stack gap="sm">
        <RefusalAlert text={refusal} testId="page-connect-refusal" />
        <TextInput
          label={t('pages.form.name')}
          description={t('pages.form.nameHint')}
          withAsterisk
          maxLength={60}
          data-testid="page-connect-name"
          {...form.getInputProps('name')}
        />
        {channel === 'instagram' && (
          <TextInput
            label={t('pages.form.instagramAccountId')}
            description={t('pages.form.instagramAccountIdHint')}
            withAsterisk
            inputMode="numeric"
            data-testid="page-connect-instagram-id"
            {...form.getInputProps('instagramAccountId')}
          />
        )}
        <TextInput
          label={t('pages.form.pageId')}
          description={t(`pages.form.pageIdHint.${channel}`)}
          withAsterisk
          inputMode="numeric"
          data-testid="page-connect-page-id"
          {...form.getInputProps('pageId')}
        />
        <PasswordInput
          label={t('pages.form.pageAccessToken')}
          description={t('pages.form.pageAccessTokenHint')}
          withAsterisk
          autoComplete="off"
          data-testid="page-connect-token"
          {...form.getInputProps('pageAccessToken')}
        />
        <Switch
          label={t('pages.form.humanAgent')}
          description={t('pages.form.humanAgentHint')}
          data-testid="page-connect-human-agent"
          {...form.getInputProps('humanAgentReplies', { type: 'checkbox' })}
        />
        <Button type="submit" loading={create.isPending} data-testid="page-connect-submit" mt="xs">
          {t(`pages.form.submit.${channel}`)}
        </Button>
      </Stack>
    </form>
  );
}
