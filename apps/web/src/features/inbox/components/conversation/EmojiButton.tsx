import { lazy, Suspense } from 'react';
import { ActionIcon, Center, Loader, Popover, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const EmojiPickerPanel = lazy(() =>
  import('./EmojiPickerPanel').then((m) => ({ default: m.EmojiPickerPanel })),
);

interface EmojiButtonProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  onPick: (emoji: string) => void;
  disabled: boolean;
}

/** The smiley next to the input; the picker itself loads on first open. */
export function EmojiButton({ opened, onChange, onPick, disabled }: EmojiButtonProps) {
  const { t } = useTranslation('conversation');
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="top-start"
      offset={8}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      closeOnEscape
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t('composer.emoji')} disabled={opened}>
          <ActionIcon
            size={38}
            variant="subtle"
            color="gray"
            radius="xl"
            onClick={() => onChange(!opened)}
            disabled={disabled}
            aria-label={t('composer.emoji')}
            aria-expanded={opened}
            data-testid="composer-emoji"
          >
            <IconMoodSmile size={22} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="emoji-picker">
        <Suspense
          fallback={
            <Center w={340} h={380}>
              <Loader size="sm" />
            </Center>
          }
        >
          {opened && <EmojiPickerPanel onPick={onPick} />}
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
