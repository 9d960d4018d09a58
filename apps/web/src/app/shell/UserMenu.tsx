import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session';
import { useMayOpen } from '../useMayOpen';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '');
}

/** Account menu: edit profile, change password (same page, password section), logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useSession();
  const mayOpen = useMayOpen();
  if (!user) return null;
  // API-only accounts may not open the profile page (guard rule 7): no links that end in a 403.
  const profile = mayOpen('/user-edit');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label={t('header.userMenu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="sapa" radius="xl" size={32}>
              {initials(user.name).toUpperCase()}
            </Avatar>
            <div style={{ lineHeight: 1.15 }}>
              <Text size="sm" fw={600} truncate maw={160} visibleFrom="sm">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {t(`roles.${user.role}`)}
              </Text>
            </div>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t('header.signedInAs')}
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {profile && (
          <>
            <Menu.Item
              component={Link}
              to="/user-edit"
              leftSection={<IconUserEdit size={16} />}
              data-testid="user-menu-edit-profile"
            >
              {t('header.editProfile')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/user-edit?tab=password"
              leftSection={<IconKey size={16} />}
              data-testid="user-menu-change-password"
            >
              {t('header.changePassword')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
