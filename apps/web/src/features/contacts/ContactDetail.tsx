import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { Contact, ContactAttribute, ContactGroup, Label } from '@sapa/contracts';
import { IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText } from '../shared/forms';
import { useContact, useContactAttributes, useRestoreContact } from './api';
import { LabelChips } from './ContactParts';
import { PersonChannels } from './PersonChannels';
import { ContactAvatar } from '../shared/ContactAvatar';
import { formatPhone, initials } from './filters';

interface ContactDetailProps {
  /** The row that was clicked: shown at once while the fresh record loads. */
  contact: Contact | null;
  fullScreen: boolean;
  labels: Map<string, Label>;
  groups: Map<string, ContactGroup>;
  onClose: () => void;
  onEdit: (contact: Contact) => void;
  onDelete?: ((contact: Contact) => void) | undefined;
}

/** Everything known about one customer: a drawer on laptops, the whole screen on phones. */
export function ContactDetail({
  contact,
  fullScreen,
  labels,
  groups,
  onClose,
  onEdit,
  onDelete,
}: ContactDetailProps) {
  const { t } = useTranslation('contacts');
  const fresh = useContact(contact?._id ?? null);
  const attributes = useContactAttributes();
  const shown = fresh.data ?? contact;

  return (
    <Drawer
      opened={contact !== null}
      onClose={onClose}
      position="right"
      size={fullScreen ? '100%' : 480}
      title={<Text fw={650}>{t('detail.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="contact-detail"
    >
      {fresh.isError && !fresh.data && (
        <Alert color="red" variant="light" mb="md">
          {errorMessage(fresh.error) || t('detail.notFound')}
        </Alert>
      )}
      {shown && (
        <DetailBody
          contact={shown}
          labels={labels}
          groups={groups}
          attributes={attributes.data ?? []}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  );
}

function DetailBody({
  contact,
  labels,
  groups,
  attributes,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  labels: Map<string, Label>;
  groups: Map<string, ContactGroup>;
  attributes: ContactAttribute[];
  onEdit: (contact: Contact) => void;
  onDelete?: ((contact: Contact) => void) | undefined;
}) {
  const { t } = useTranslation('contacts');
  const groupNames = contact.groupIds.map((id) => groups.get(id)?.name).filter(Boolean);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <ContactAvatar
          color="sapa"
          radius="xl"
          size={56}
          alt={contact.name}
          pictureUrl={contact.pictureUrl}
          initials={initials(contact.name || '?')}
        />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} style={{ wordBreak: 'break-word' }} data-testid="contact-detail-name">
              {contact.name}
            </Title>
            {contact.archived && (
              <Badge color="gray" variant="light" tt="none">
                {t('archivedBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('detail.created')} {formatDate(contact.createdAt)}
          </Text>
        </div>
      </Group>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPencil size={16} />}
          onClick={() => onEdit(contact)}
          data-testid="contact-detail-edit"
        >
          {t('actions.edit')}
        </Button>
        {onDelete && contact.archived && <RestoreButton contact={contact} />}
        {onDelete && !contact.archived && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onDelete(contact)}
            data-testid="contact-detail-delete"
          >
            {t('actions.delete')}
          </Button>
        )}
      </Group>

      <Section title={t('detail.identifiers')}>
        <PersonChannels contact={contact} />
      </Section>

      <Section title={t('detail.phone')}>
        <Fact value={contact.phone ? formatPhone(contact.phone) : null} />
      </Section>
      <Section title={t('detail.email')}>
        <Fact value={contact.email} />
      </Section>
      <Section title={t('detail.labels')}>
        <LabelChips ids={contact.labels} labels={labels} max={20} />
      </Section>
      <Section title={t('detail.groups')}>
        <Fact value={groupNames.length ? groupNames.join(', ') : null} />
      </Section>
      {attributes.length > 0 && (
        <Section title={t('detail.attributes')}>
          <Stack gap={6}>
            {attributes.map((attribute) => (
              <Group key={attribute._id} justify="space-between" wrap="nowrap" gap="md">
                <Text size="sm" c="dimmed">
                  {attribute.label}
                </Text>
                <AttributeValue attribute={attribute} value={contact.attributes[attribute.key]} />
              </Group>
            ))}
          </Stack>
        </Section>
      )}
      <Section title={t('detail.notes')}>
        <Text size="sm" c={contact.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {contact.notes || t('detail.noNotes')}
        </Text>
      </Section>
      {contact.lastChatAt && (
        <Text size="xs" c="dimmed">
          {t('detail.lastChat')}: {formatDateTime(contact.lastChatAt)}
        </Text>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={8} style={{ letterSpacing: 0.4 }}>
        {title}
      </Text>
      {children}
    </Card>
  );
}

function Fact({ value }: { value: string | null }) {
  const { t } = useTranslation('contacts');
  return (
    <Text size="sm" c={value ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
      {value || t('detail.none')}
    </Text>
  );
}

function AttributeValue({
  attribute,
  value,
}: {
  attribute: ContactAttribute;
  value: string | undefined;
}) {
  const { t } = useTranslation('contacts');
  let shown = value ?? '';
  if (attribute.type === 'boolean' && shown) {
    shown = shown === 'true' ? t('form.yes') : t('form.no');
  } else if (attribute.type === 'date' && shown) {
    shown = formatDate(shown) || shown;
  }
  return (
    <Text size="sm" c={shown ? undefined : 'dimmed'} ta="right">
      {shown || '—'}
    </Text>
  );
}

function RestoreButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const restore = useRestoreContact();
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowBackUp size={16} />}
      loading={restore.isPending}
      onClick={() =>
        restore.mutate(contact._id, {
          onSuccess: () => notifySuccess(t('actions.restored')),
          onError: (error) => notifyError(errorText(error)),
        })
      }
      data-testid="contact-detail-restore"
    >
      {t('actions.restore')}
    </Button>
  );
}
