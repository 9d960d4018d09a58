import { ActionIcon, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

interface LightboxProps {
  opened: boolean;
  onClose: () => void;
  /** An object URL already loaded by the bubble: opening costs no second download. */
  src: string;
  name: string;
  caption: string;
}

/** The full-size photo over the conversation; Esc or a click outside closes it. */
export function Lightbox({ opened, onClose, src, name, caption }: LightboxProps) {
  const { t } = useTranslation('conversation');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="auto"
      centered
      padding="sm"
      radius="md"
      closeButtonProps={{ 'aria-label': t('lightbox.close') }}
      title={
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end" maw={360}>
            {name}
          </Text>
          <Tooltip label={t('media.download')}>
            <ActionIcon
              component="a"
              href={src}
              download={name}
              variant="subtle"
              color="gray"
              aria-label={t('media.download')}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
      overlayProps={{ backgroundOpacity: 0.75, blur: 2 }}
      data-testid="lightbox"
    >
      <img src={src} alt={name} className={classes.lightboxImage} data-testid="lightbox-image" />
      {caption && (
        <Text size="sm" mt="xs" ta="center" maw={640} mx="auto">
          {caption}
        </Text>
      )}
    </Modal>
  );
}
