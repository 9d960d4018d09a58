import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS, MESSAGES, type Product } from '@sapa/contracts';
import { useSession } from '../../app/session';
import { SUPPORT_EMAIL } from '../../lib/config';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText } from '../shared/forms';
import { useProducts, useStartTrial } from './api';
import { PlanCard } from './components/PlanCard';

export function UserPlanPage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { user, reload, logout } = useSession();
  const products = useProducts();
  const startTrial = useStartTrial();
  const [starting, setStarting] = useState<string | null>(null);
  const isAdmin = user?.role === 'admin';
  // Every plan has the same trial today; the heading uses the plans' own figure when known.
  const trialDays = products.data?.[0]?.trialDays ?? LIMITS.trialDays;

  const start = async (product: Product) => {
    setStarting(product.code);
    try {
      await startTrial.mutateAsync(product.code);
      // The guard reads the due date from the session: reload it before leaving the picker.
      await reload();
      notifySuccess(t('plan.trialStarted'));
      navigate('/', { replace: true });
    } catch (error) {
      notifyError(errorText(error, MESSAGES.someError));
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack gap="xl" py={{ base: 0, sm: 'md' }}>
      {/* Choosing a plan is the only step (payment comes later): no "step 1 of 1" counter. */}
      <Stack gap={6} align="center" ta="center">
        <Title order={1}>{t('plan.title')}</Title>
        <Text c="dimmed" maw={560}>
          {t('plan.subtitle', { days: trialDays })}
        </Text>
      </Stack>

      {!isAdmin && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} maw={640} mx="auto">
          {t('plan.askAdmin')}
        </Alert>
      )}

      {products.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : products.isError ? (
        <Alert color="red" variant="light" maw={640} mx="auto" w="100%">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('plan.loadFailed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void products.refetch()}>
              {t('plan.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : products.data.length === 0 ? (
        <Text c="dimmed" ta="center">
          <Trans
            t={t}
            i18nKey="plan.empty"
            values={{ email: SUPPORT_EMAIL }}
            components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit /> }}
          />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(products.data.length, 3) }} spacing="lg">
          {products.data.map((product) => (
            <PlanCard
              key={product.code}
              product={product}
              canStart={isAdmin}
              loading={starting === product.code}
              disabled={starting !== null && starting !== product.code}
              onStart={(p) => void start(p)}
            />
          ))}
        </SimpleGrid>
      )}

      <Center>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => void logout()}>
          {t('plan.signOut')}
        </Anchor>
      </Center>
    </Stack>
  );
}
