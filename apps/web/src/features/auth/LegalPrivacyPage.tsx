import { Anchor, Box, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../../lib/config';

interface PolicySection {
  title: string;
  items: string[];
}

function isPolicySections(value: unknown): value is PolicySection[] {
  return (
    Array.isArray(value) &&
    value.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as PolicySection).title === 'string' &&
        Array.isArray((s as PolicySection).items),
    )
  );
}

export function LegalPrivacyPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const raw: unknown = t('privacy.sections', { returnObjects: true });
  const sections = isPolicySections(raw) ? raw : [];

  return (
    <Box maw={760} mx="auto">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        // Opened from a link in a new tab there is no page to go back to; sign-in is the way in.
        onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/login'))}
        mb="md"
        px={0}
      >
        {t('privacy.back')}
      </Button>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('privacy.title')}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('privacy.updated')}
            </Text>
          </div>
          <Text>{t('privacy.intro')}</Text>
          {sections.map((section) => (
            <section key={section.title}>
              <Title order={3} size="h4" mb="xs">
                {section.title}
              </Title>
              <List spacing="xs" size="sm">
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </section>
          ))}
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="privacy.contact"
              values={{ email: SUPPORT_EMAIL }}
              components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" /> }}
            />
          </Text>
        </Stack>
      </Paper>
    </Box>
  );
}
