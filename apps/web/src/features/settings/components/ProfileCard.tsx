import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { updateMeBodySchema, type User } from '@sapa/contracts';
import { message } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useUpdateMe, type UpdateMeBody } from '../api';

interface ProfileValues {
  user_name: string;
  email: string;
  company: string;
  phone: string;
}

const FIELDS = ['user_name', 'email', 'company', 'phone'] as const;
const checkBody = zodValidator<UpdateMeBody>(updateMeBodySchema);

/** Only what changed is sent: an unchanged company must not need admin rights. */
export function profileChanges(
  values: ProfileValues,
  user: Pick<User, 'name' | 'email' | 'company' | 'phone'>,
  canEditCompany: boolean,
): UpdateMeBody {
  const body: UpdateMeBody = {};
  if (values.user_name.trim() !== user.name) body.user_name = values.user_name.trim();
  if (values.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    body.email = values.email.trim();
  }
  if (canEditCompany && values.company.trim() !== user.company) {
    body.company = values.company.trim();
  }
  // The server keeps a phone once set (no clearing); an emptied field is simply not sent.
  const phone = values.phone.trim();
  if (phone && phone !== (user.phone ?? '')) body.phone = phone;
  return body;
}

export function ProfileCard({
  user,
  canEditCompany,
  onSaved,
}: {
  user: User;
  canEditCompany: boolean;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  const update = useUpdateMe();
  const form = useForm<ProfileValues>({
    initialValues: {
      user_name: user.name,
      email: user.email,
      company: user.company,
      phone: user.phone ?? '',
    },
    validate: (values) => checkBody(profileChanges(values, user, canEditCompany)),
  });
  const changes = profileChanges(form.values, user, canEditCompany);
  const dirty = Object.keys(changes).length > 0;

  const submit = form.onSubmit(async (values) => {
    const body = profileChanges(values, user, canEditCompany);
    if (Object.keys(body).length === 0) return;
    try {
      await update.mutateAsync(body);
      notifySuccess(message('successUpdateProfile'));
      form.resetDirty();
      await onSaved();
    } catch (error) {
      const fieldErrors = issuesToFieldErrors(error, FIELDS);
      if (httpStatus(error) === 409) fieldErrors.email = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(message('updateProfileFailed'));
    }
  });

  return (
    <SectionCard title={t('profile.title')} testId="profile-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('profile.name')}
            autoComplete="name"
            data-testid="profile-name"
            {...form.getInputProps('user_name')}
          />
          <TextInput
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            data-testid="profile-email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('profile.company')}
            autoComplete="organization"
            disabled={!canEditCompany}
            description={canEditCompany ? undefined : t('profile.companyHint')}
            data-testid="profile-company"
            {...form.getInputProps('company')}
          />
          <TextInput
            label={t('profile.phone')}
            placeholder={t('profile.phonePlaceholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            data-testid="profile-phone"
            {...form.getInputProps('phone')}
          />
          <Group justify="flex-end" mt="xs">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!dirty}
              data-testid="profile-submit"
            >
              {t('profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
