import { Group, Text, Tooltip } from '@mantine/core';
import { IconClock, IconInfinity, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { timeLeft, type WindowView } from '../../replyWindow';

/**
 * Which reply window applies and how long is left: the 24 hours after the customer's last
 * message, or (Messenger, Instagram) a person's 7 days with Meta's human agent tag. A number
 * linked by QR code has none, and the strip says so where the countdown would be.
 */
export function WindowStrip({ view, now }: { view: WindowView; now: number }) {
  const { t } = useTranslation('conversation');
  if (view.kind === 'unbounded')
    return (
      <Tooltip label={t('window.unboundedHint')} multiline w={280}>
        <Group
          gap={6}
          wrap="nowrap"
          c="dimmed"
          mb={6}
          data-testid="window-strip"
          data-window="unbounded"
        >
          <IconInfinity size={14} />
          <Text size="xs" fw={500}>
            {t('window.unbounded')}
          </Text>
        </Group>
      </Tooltip>
    );
  if (view.kind !== 'open' && view.kind !== 'human_agent') return null;
  const left = view.endsAt === null ? null : timeLeft(view.endsAt - now);
  const human = view.kind === 'human_agent';
  const Icon = human ? IconUserShield : IconClock;
  return (
    <Tooltip label={t(human ? 'window.humanAgentHint' : 'window.openHint')} multiline w={280}>
      <Group
        gap={6}
        wrap="nowrap"
        c={human ? 'orange.8' : 'dimmed'}
        mb={6}
        data-testid="window-strip"
        data-window={view.kind}
      >
        <Icon size={14} />
        <Text size="xs" fw={human ? 600 : 500}>
          {t(human ? 'window.humanAgent' : 'window.open')}
          {left && ` · ${t(`window.left.${left.key}`, left)}`}
        </Text>
      </Group>
    </Tooltip>
  );
}
