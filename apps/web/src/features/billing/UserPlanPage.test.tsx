import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Product } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { UserPlanPage } from './UserPlanPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const STARTER: Product = {
  _id: 'product-1',
  code: 'starter',
  name: 'Starter',
  description: 'For small teams starting with WhatsApp',
  price: 299000,
  yearlyPrice: 2990000,
  billingPeriod: 'monthly',
  agentLimit: 3,
  features: ['Shared inbox'],
  trialDays: 14,
};

describe('UserPlanPage', () => {
  beforeEach(async () => {
    vi.mocked(useSession).mockReturnValue(makeSession({ user: makeUser({ role: 'admin' }) }));
    vi.mocked(api.get).mockResolvedValue({ data: [STARTER] });
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it.each(['en', 'id'] as const)(
    'counts no steps when choosing a plan is the only one (%s)',
    async (language) => {
      await setLanguage(language);
      renderScreen(<UserPlanPage />, { path: '/user-plan', url: '/user-plan?step=1' });
      await screen.findByTestId('plan-starter');
      expect(document.body.textContent).not.toMatch(/step 1|langkah 1|1 of 1|1 dari 1/i);
    },
  );
});
