import { Anchor, Box, Group, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconExternalLink, IconMapPinFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { locationOf, mapLink } from '../../conversation/payload';
import { safeHref } from '../../../../lib/richText';
import { RichText } from './RichText';
import classes from './content.module.css';

/** A shared location: a drawn map tile (no external tiles), the place and an OpenStreetMap link. */
export function LocationCard({ message }: { message: Pick<Message, 'payload' | 'text'> }) {
  const { t } = useTranslation('conversation');
  const location = locationOf(message.payload);
  if (!location) return <RichText text={message.text} />;
  const href = mapLink(location.latitude, location.longitude);
  const website = location.url ? safeHref(location.url) : null;
  const coordinates = `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
  return (
    <Box data-testid="message-location">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.mapPreview}
        aria-label={t('location.open')}
      >
        <IconMapPinFilled size={34} color="var(--mantine-color-red-6)" aria-hidden />
      </a>
      {location.name && (
        <Text size="sm" fw={600}>
          {location.name}
        </Text>
      )}
      {location.address && (
        <Text size="xs" c="dimmed">
          {location.address}
        </Text>
      )}
      {!location.name && !location.address && (
        <Text size="xs" c="dimmed">
          {coordinates}
        </Text>
      )}
      <Group gap="md" mt={4}>
        <Anchor
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={500}
          data-testid="message-map-link"
        >
          <Group gap={4} wrap="nowrap" component="span">
            {t('location.open')}
            <IconExternalLink size={13} />
          </Group>
        </Anchor>
        {website && (
          <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">
            {t('location.website')}
          </Anchor>
        )}
      </Group>
    </Box>
  );
}
