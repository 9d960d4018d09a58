import { ActionIcon, Button, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import type { Template } from '@sapa/contracts';
import { IconDots, IconEye, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { RejectionReason, StatusBadge } from './StatusBadge';
import classes from './templates.module.css';

const CHANGEABLE = new Set(['draft', 'rejected']);

interface RowActionsProps {
  template: Template;
  canManage: boolean;
  onPublish: (t: Template) => void;
  onDelete: (t: Template) => void;
}

function Actions({ template, canManage, onPublish, onDelete }: RowActionsProps) {
  const { t } = useTranslation('templates');
  const changeable = canManage && CHANGEABLE.has(template.status);
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {changeable && (
        <Button
          size="xs"
          leftSection={<IconSend size={14} />}
          onClick={() => onPublish(template)}
          data-testid="template-publish"
        >
          {t('actions.publish')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('columns.actions')}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={`/broadcast/template/${template._id}`}
            leftSection={changeable ? <IconPencil size={14} /> : <IconEye size={14} />}
          >
            {changeable ? t('actions.edit') : t('actions.view')}
          </Menu.Item>
          {changeable && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onDelete(template)}
              data-testid="template-delete"
            >
              {t('actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function NameCell({ template }: { template: Template }) {
  const { t } = useTranslation('templates');
  return (
    <Stack gap={2}>
      <Text
        component={Link}
        to={`/broadcast/template/${template._id}`}
        className={classes.name}
        c="var(--mantine-color-text)"
      >
        {template.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`categories.${template.category}`)} · {template.language}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1} className={classes.snippet}>
        {template.content}
      </Text>
    </Stack>
  );
}

interface TableProps {
  templates: Template[];
  phone: boolean;
  canManage: boolean;
  onPublish: (t: Template) => void;
  onDelete: (t: Template) => void;
}

/** Laptop: a table; phone: one card per template. */
export function TemplateTable({ templates, phone, ...actions }: TableProps) {
  const { t } = useTranslation('templates');
  if (phone)
    return (
      <Stack gap="sm">
        {templates.map((tpl) => (
          <Card
            key={tpl._id}
            withBorder
            radius="lg"
            p="md"
            data-testid={`template-row-${tpl.name}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
              {/* The name wraps; the status keeps its width. */}
              <div style={{ flex: 1, minWidth: 0 }}>
                <NameCell template={tpl} />
              </div>
              <StatusBadge status={tpl.status} />
            </Group>
            <RejectionReason reason={tpl.status === 'rejected' ? tpl.rejectionReason : null} />
            <Group justify="space-between" mt="sm">
              <Text size="xs" c="dimmed">
                {tpl.channelName}
              </Text>
              <Actions template={tpl} {...actions} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card withBorder radius="lg" p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.channel')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.updated')}</Table.Th>
            <Table.Th ta="right">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((tpl) => (
            <Table.Tr key={tpl._id} data-testid={`template-row-${tpl.name}`}>
              <Table.Td>
                <NameCell template={tpl} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{tpl.channelName}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <StatusBadge status={tpl.status} />
                  <RejectionReason
                    reason={tpl.status === 'rejected' ? tpl.rejectionReason : null}
                  />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(tpl.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Actions template={tpl} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
