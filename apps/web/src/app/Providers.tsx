import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient as defaultQueryClient } from '../lib/queryClient';
import { DatesLanguage } from './DatesLanguage';
import { SessionProvider } from './session';
import { theme } from './theme';
import { Toasts } from './Toasts';

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
        <Toasts />
        <DatesLanguage>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>{children}</SessionProvider>
          </QueryClientProvider>
        </DatesLanguage>
      </MantineProvider>
    </I18nextProvider>
  );
}
