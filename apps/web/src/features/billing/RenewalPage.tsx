import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Box,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { formatCurrency, formatDate } from '../../lib/format';
import { daysUntil } from '../shared/session-helpers';
import { SUPPORT_EMAIL } from '../../lib/config';

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function RenewalPage() {
  const { t } = useTranslation('billing');
  const { subscription } = useSession();
  const [now] = useState(() => Date.now());
  const dueDate = subscription?.dueDate ? formatDate(subscription.dueDate) : null;
  const days = daysUntil(subscription?.dueDate, now);
  const period = subscription?.billingPeriod;
  const how: unknown = t('renewal.how', { returnObjects: true });

  const facts = [
    { label: t('renewal.plan'), value: subscription?.plan?.name ?? '—' },
    { label: t('renewal.dueDate'), value: dueDate ?? '—', testId: 'renewal-due-date' },
    {
      label: t('renewal.period'),
      value: period === 'monthly' || period === 'yearly' ? t(`periods.${period}`) : (period ?? '—'),
      testId: 'renewal-period',
    },
    {
      label: t('renewal.amount'),
      value: subscription?.billingAmount != null ? formatCurrency(subscription.billingAmount) : '—',
      testId: 'renewal-amount',
    },
  ];

  return (
    <Box maw={760} mx="auto">
      <Stack gap="lg">
        <Anchor component={Link} to="/" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('renewal.back')}
        </Anchor>
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{t('renewal.title')}</Title>
            {days !== null && days >= 0 && (
              <Badge color="orange" variant="light" size="lg">
                {days === 0 ? t('renewal.dueToday') : t('renewal.daysLeft', { count: days })}
              </Badge>
            )}
          </Group>
          {dueDate && (
            <Text c="dimmed" mt={6}>
              {subscription?.plan
                ? t('renewal.subtitle', { plan: subscription.plan.name, date: dueDate })
                : t('renewal.subtitleNoPlan', { date: dueDate })}
            </Text>
          )}
        </div>

        <Card>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
            {facts.map((fact) => (
              <div key={fact.label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {fact.label}
                </Text>
                <Text fw={650} mt={4} data-testid={fact.testId}>
                  {fact.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {subscription?.status === 'trial' && (
            <Text size="sm" c="dimmed" mt="md">
              {t('renewal.trialNote')}
            </Text>
          )}
        </Card>

        <Card>
          <Title order={3} size="h4" mb="sm">
            {t('renewal.howTitle')}
          </Title>
          <List spacing="xs" size="sm">
            {(isStringList(how) ? how : []).map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Card>

        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={t('renewal.notAvailable')}
          data-testid="renewal-unavailable"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="renewal.contact"
                values={{ email: SUPPORT_EMAIL }}
                components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" /> }}
              />
            </Text>
            <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} variant="light" size="xs">
              {SUPPORT_EMAIL}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    </Box>
  );
}
