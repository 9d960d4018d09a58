import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n, setLanguage } from '../../lib/i18n';
import { CAPABILITIES, NotAvailableYet } from './NotAvailableYet';

afterEach(async () => {
  await setLanguage('en');
});

function renderCapability(capability: (typeof CAPABILITIES)[number]) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>
          <NotAvailableYet capability={capability} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('NotAvailableYet', () => {
  it('names the capability and offers a way back', () => {
    renderCapability('broadcast');
    expect(screen.getByRole('heading', { name: 'Broadcasts' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/');
  });

  it.each(['en', 'id'] as const)('has a name and summary for every capability in %s', (lng) => {
    for (const capability of CAPABILITIES) {
      for (const field of ['name', 'summary']) {
        const key = `notAvailable.capabilities.${capability}.${field}`;
        expect(i18n.exists(key, { lng, ns: 'common' }), `${lng}:${key}`).toBe(true);
      }
    }
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    renderCapability('reports');
    expect(screen.getByRole('heading', { name: 'Laporan' })).toBeTruthy();
    expect(screen.getByText('Segera hadir')).toBeTruthy();
  });
});
