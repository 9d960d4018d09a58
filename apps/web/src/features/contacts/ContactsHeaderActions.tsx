import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconFileSpreadsheet,
  IconListDetails,
  IconPlus,
  IconUpload,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileFormat } from './api';

interface HeaderActionsProps {
  /** Admins and supervisors: import, export and the attribute definitions. */
  canManage: boolean;
  /** The contact groups page, for those the guard lets open it (its only way in). */
  showGroups: boolean;
  compact: boolean;
  exporting: boolean;
  onAdd: () => void;
  onImport: () => void;
  onExport: (format: FileFormat) => void;
  onAttributes: () => void;
}

export function ContactsHeaderActions({
  canManage,
  showGroups,
  compact,
  exporting,
  onAdd,
  onImport,
  onExport,
  onAttributes,
}: HeaderActionsProps) {
  const { t } = useTranslation('contacts');
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid="contact-add">
      {t('add')}
    </Button>
  );
  const groups = showGroups && (
    <Button
      component={Link}
      to="/contact/group"
      variant="default"
      leftSection={<IconUsersGroup size={16} />}
      data-testid="contact-groups-link"
    >
      {t('groupsLink')}
    </Button>
  );
  if (!canManage) {
    return (
      <Group gap="xs" wrap="nowrap">
        {groups}
        {add}
      </Group>
    );
  }

  if (compact) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              size={36}
              variant="default"
              aria-label={t('more')}
              loading={exporting}
              data-testid="contact-more"
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {showGroups && (
              <>
                <Menu.Item
                  component={Link}
                  to="/contact/group"
                  leftSection={<IconUsersGroup size={16} />}
                  data-testid="contact-groups-link"
                >
                  {t('groupsLink')}
                </Menu.Item>
                <Menu.Divider />
              </>
            )}
            <Menu.Item
              leftSection={<IconUpload size={16} />}
              onClick={onImport}
              data-testid="contact-import"
            >
              {t('importButton')}
            </Menu.Item>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onExport('csv')}>
              {t('exportCsv')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => onExport('xlsx')}
            >
              {t('exportXlsx')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconListDetails size={16} />} onClick={onAttributes}>
              {t('attributesManage')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {add}
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      {groups}
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconListDetails size={16} />}
        onClick={onAttributes}
        data-testid="contact-attributes"
      >
        {t('attributesManage')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={onImport}
        data-testid="contact-import"
      >
        {t('importButton')}
      </Button>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            data-testid="contact-export"
          >
            {t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => onExport('csv')}
            data-testid="contact-export-csv"
          >
            {t('exportCsv')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => onExport('xlsx')}
            data-testid="contact-export-xlsx"
          >
            {t('exportXlsx')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {add}
    </Group>
  );
}
