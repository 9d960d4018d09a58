import type { Chat } from '@sapa/contracts';
import { IconFlagFilled } from '@tabler/icons-react';

/** Spec §4 flags: red awaits a reply, green was answered, gray is resolved. */
export const FLAG_COLORS: Record<Chat['flag'], string> = {
  red: 'var(--mantine-color-red-6)',
  green: 'var(--mantine-color-teal-6)',
  gray: 'var(--mantine-color-gray-5)',
};

export function FlagIcon({ flag, size = 18 }: { flag: Chat['flag']; size?: number }) {
  return <IconFlagFilled size={size} style={{ color: FLAG_COLORS[flag] }} aria-hidden />;
}
