import { Tooltip } from '@mantine/core';
import type { Message, MessageStatus } from '@sapa/contracts';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBan,
  IconCheck,
  IconChecks,
  IconClock,
  IconClockPause,
  IconHourglassOff,
  IconTemplateOff,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';

interface Mark {
  icon: Icon;
  color: string;
  size: number;
  /** Problems explain themselves on hover, focus or tap. */
  problem: boolean;
}

const GRAY = '#8696a0';
const BLUE = '#53bdeb';
const RED = 'var(--mantine-color-red-6)';
const ORANGE = 'var(--mantine-color-orange-6)';

/** Every outgoing status of spec §3, drawn the way WhatsApp users read them. */
export const STATUS_MARKS: Record<Exclude<MessageStatus, 'received'>, Mark> = {
  queue: { icon: IconClock, color: GRAY, size: 13, problem: false },
  delayed: { icon: IconClockPause, color: ORANGE, size: 14, problem: true },
  sent: { icon: IconCheck, color: GRAY, size: 16, problem: false },
  delivered: { icon: IconChecks, color: GRAY, size: 16, problem: false },
  read: { icon: IconChecks, color: BLUE, size: 16, problem: false },
  failed: { icon: IconAlertCircle, color: RED, size: 15, problem: true },
  undelivered: { icon: IconAlertTriangle, color: RED, size: 15, problem: true },
  expired: { icon: IconHourglassOff, color: RED, size: 15, problem: true },
  'no-match-template': { icon: IconTemplateOff, color: RED, size: 15, problem: true },
  cancelled: { icon: IconBan, color: GRAY, size: 14, problem: true },
};

/** Delivery mark of an outgoing message with an accessible name; failures say why. */
export function StatusTicks({ message }: { message: Pick<Message, 'status' | 'error'> }) {
  const { t } = useTranslation('conversation');
  const { status } = message;
  if (status === 'received') return null;
  const mark = STATUS_MARKS[status];
  const label = t(`status.${status}`);
  const reason = message.error?.message ? translateMessage(message.error.message) : null;
  const description = reason ? `${label}: ${reason}` : label;
  const Glyph = mark.icon;
  const glyph = (
    <span
      role="img"
      aria-label={description}
      // Problems are focusable so keyboard users can read the reason too.
      tabIndex={mark.problem ? 0 : undefined}
      data-testid="message-status"
      data-status={status}
      style={{ display: 'inline-flex', lineHeight: 0, outlineOffset: 2 }}
    >
      <Glyph size={mark.size} color={mark.color} stroke={2} aria-hidden />
    </span>
  );
  if (!mark.problem) return glyph;
  return (
    <Tooltip
      label={description}
      multiline
      maw={280}
      events={{ hover: true, focus: true, touch: true }}
      color={status === 'cancelled' || status === 'delayed' ? 'dark' : 'red'}
    >
      {glyph}
    </Tooltip>
  );
}
