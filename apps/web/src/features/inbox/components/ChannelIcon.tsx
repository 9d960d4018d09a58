import type { ChannelType } from '@sapa/contracts';
import {
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandWhatsapp,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<ChannelType, { icon: Icon; color: string }> = {
  whatsapp: { icon: IconBrandWhatsapp, color: '#25D366' },
  whatsapp_basic: { icon: IconBrandWhatsapp, color: '#128C7E' },
  instagram: { icon: IconBrandInstagram, color: '#E1306C' },
  messenger: { icon: IconBrandMessenger, color: '#0084FF' },
};

/** The channel's brand mark, labelled for screen readers. */
export function ChannelIcon({
  channel,
  label,
  size = 16,
}: {
  channel: ChannelType;
  label: string;
  size?: number;
}) {
  const { icon: Glyph, color } = ICONS[channel];
  return <Glyph size={size} color={color} stroke={1.8} aria-label={label} role="img" />;
}
