import { useMemo } from 'react';
import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useAccountTimeZone } from '../../lib/datetime';
import { PageHeader } from '../shared/PageHeader';
import { useGreeting, useHandover } from './api';
import { AssignmentSection } from './AssignmentSection';
import { GreetingSection } from './GreetingSection';
import { HoursSection } from './HoursSection';
import { hoursValues } from './routingForm';
import { TeamOnlineCard } from './TeamOnlineCard';

/** `/setting/routing`: who gets new chats, when, what customers hear, and who is online now. */
export function RoutingPage() {
  const { t } = useTranslation('routing');
  const { user, settings, reload } = useSession();
  const timeZone = useAccountTimeZone();
  const handover = useHandover();
  const greeting = useGreeting();
  const hours = useMemo(() => hoursValues(settings), [settings]);
  if (!user) return null;
  // Admins change routing; supervisors see it and who is online (the server enforces the same).
  const canEdit = user.role === 'admin';

  return (
    <Stack gap={0}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {(handover.isError || greeting.isError) && (
        <Alert color="red" mb="lg">
          {t('loadFailed')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          {handover.data ? (
            <AssignmentSection initial={handover.data} canEdit={canEdit} />
          ) : (
            handover.isPending && <Loader size="sm" />
          )}
          <HoursSection initial={hours} timeZone={timeZone} canEdit={canEdit} onSaved={reload} />
        </Stack>
        <Stack gap="lg">
          <TeamOnlineCard />
        </Stack>
      </SimpleGrid>
      <Stack gap="lg" mt="lg">
        {greeting.isSuccess && (
          <GreetingSection
            greeting={greeting.data}
            enabled={settings['bo.enableGreetingAssignment'] === 'true'}
            canEdit={canEdit}
          />
        )}
      </Stack>
    </Stack>
  );
}
