import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  inviteUserBodySchema,
  ROLES,
  updateUserBodySchema,
  type Division,
  type User,
} from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { useInviteMember, useUpdateMember } from '../api';
import {
  EMPTY_MEMBER,
  inviteBody,
  memberValues,
  updateBody,
  type MemberValues,
} from '../memberForm';

const FIELDS = [
  'name',
  'email',
  'role',
  'phone',
  'divisions',
  'divisionOnlyView',
  'allChat',
  'agentIds',
] as const;

const checkInvite = zodValidator<unknown>(inviteUserBodySchema);
const checkUpdate = zodValidator<unknown>(updateUserBodySchema);

interface MemberModalProps {
  opened: boolean;
  /** null invites a new member; a user edits that member. */
  member: User | null;
  /** The admin editing: they may not change their own role and lock themselves out. */
  currentUserId: string;
  divisions: Division[];
  members: User[];
  onClose: () => void;
}

/** The form remounts per member (Mantine unmounts closed modals), so it starts from their values. */
export function MemberModal(props: MemberModalProps) {
  const { t } = useTranslation('settings');
  const { opened, member, onClose } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {member ? t('member.editTitle', { name: member.name }) : t('member.inviteTitle')}
        </Text>
      }
      size="lg"
      radius="lg"
      centered
    >
      <MemberForm key={member?._id ?? 'new'} {...props} />
    </Modal>
  );
}

function MemberForm({ member, currentUserId, divisions, members, onClose }: MemberModalProps) {
  const { t } = useTranslation('settings');
  const invite = useInviteMember();
  const update = useUpdateMember();
  const editing = member !== null;
  const form = useForm<MemberValues>({
    initialValues: member ? memberValues(member) : EMPTY_MEMBER,
    validate: (values) =>
      editing ? checkUpdate(updateBody(values)) : checkInvite(inviteBody(values)),
  });

  const pending = invite.isPending || update.isPending;
  const submit = form.onSubmit(async (values) => {
    try {
      if (member) {
        await update.mutateAsync({ id: member._id, body: updateBody(values) });
        notifySuccess(t('member.saved'));
      } else {
        const body = inviteBody(values);
        await invite.mutateAsync(body);
        notifySuccess(t('member.invited', { email: body.email }));
      }
      onClose();
    } catch (error) {
      const fieldErrors = issuesToFieldErrors(error, FIELDS);
      if (httpStatus(error) === 409) fieldErrors.email = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
    }
  });

  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const divisionOptions = divisions.map((d) => ({ value: d._id, label: d.name }));
  const agentOptions = members
    .filter(
      (m) =>
        m.role === 'agent' && (m.status !== 'deactivated' || form.values.agentIds.includes(m._id)),
    )
    .map((m) => ({ value: m._id, label: `${m.name} (${m.email})` }));
  const ownRole = member?._id === currentUserId;

  return (
    <form onSubmit={submit} noValidate data-testid="member-form">
      <Stack gap="sm">
        {!editing && (
          <Text size="sm" c="dimmed" mt={-6}>
            {t('member.inviteText')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('member.name')}
            withAsterisk
            data-autofocus
            data-testid="invite-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('member.email')}
            type="email"
            withAsterisk={!editing}
            disabled={editing}
            data-testid="invite-email"
            {...form.getInputProps('email')}
          />
          <Select
            label={t('member.role')}
            data={roleOptions}
            allowDeselect={false}
            withAsterisk
            disabled={ownRole}
            description={t(`roleHints.${form.values.role}`)}
            data-testid="invite-role"
            {...form.getInputProps('role')}
          />
          <TextInput
            label={t('member.phone')}
            type="tel"
            inputMode="tel"
            placeholder="6281234567890"
            data-testid="invite-phone"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('member.divisions')}
          placeholder={form.values.divisions.length ? undefined : t('member.divisionsPlaceholder')}
          data={divisionOptions}
          searchable
          clearable
          nothingFoundMessage={t('member.noDivisions')}
          description={divisions.length === 0 ? t('member.noDivisions') : undefined}
          disabled={divisions.length === 0}
          data-testid="invite-divisions"
          {...form.getInputProps('divisions')}
        />
        {form.values.role === 'supervisor' && (
          <MultiSelect
            label={t('member.agentIds')}
            description={t('member.agentIdsHint')}
            placeholder={form.values.agentIds.length ? undefined : t('member.agentIdsPlaceholder')}
            data={agentOptions}
            searchable
            clearable
            data-testid="invite-agents"
            {...form.getInputProps('agentIds')}
          />
        )}
        <Stack gap="sm" mt={4}>
          <Switch
            label={t('member.divisionOnlyView')}
            description={t('member.divisionOnlyViewHint')}
            data-testid="invite-division-only"
            {...form.getInputProps('divisionOnlyView', { type: 'checkbox' })}
          />
          <Switch
            label={t('member.allChat')}
            description={t('member.allChatHint')}
            data-testid="invite-all-chat"
            {...form.getInputProps('allChat', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="invite-submit">
            {editing ? t('actions.save') : t('member.submitInvite')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
