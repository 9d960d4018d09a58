import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LIMITS } from '@sapa/contracts';
import { i18n } from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/queryClient';
import { TOAST_POSITION } from '../lib/notify';
import { DatesLanguage } from './DatesLanguage';
import { SessionProvider } from './session';
import { theme } from './theme';

/** Everything a screen needs around it: theme, toasts, date pickers, server state, language, session. */
export function Providers({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position={TOAST_POSITION} autoClose={LIMITS.toastMs} limit={4} />
        <DatesLanguage>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>{children}</SessionProvider>
          </QueryClientProvider>
        </DatesLanguage>
      </MantineProvider>
    </I18nextProvider>
  );
}
