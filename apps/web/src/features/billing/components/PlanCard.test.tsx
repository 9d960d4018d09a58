import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Product } from '@sapa/contracts';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { PlanCard } from './PlanCard';

const STARTER: Product = {
  _id: 'product-1',
  code: 'starter',
  name: 'Starter',
  description: 'For small teams starting with WhatsApp',
  price: 299000,
  yearlyPrice: 2990000,
  billingPeriod: 'monthly',
  agentLimit: 3,
  features: ['1 WhatsApp number', '3 agents', 'Shared inbox', 'Broadcasts'],
  trialDays: 14,
};

function items(): string[] {
  const card = screen.getByTestId('plan-starter');
  return within(card)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('PlanCard', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('states the agent count once, from agentLimit', () => {
    renderScreen(
      <PlanCard product={STARTER} canStart loading={false} disabled={false} onStart={vi.fn()} />,
    );
    expect(items()).toEqual(['Up to 3 agents', '1 WhatsApp number', 'Shared inbox', 'Broadcasts']);
  });

  it('says it in Indonesian without the English duplicate', async () => {
    await setLanguage('id');
    renderScreen(
      <PlanCard product={STARTER} canStart loading={false} disabled={false} onStart={vi.fn()} />,
    );
    expect(items().filter((text) => /agen/i.test(text))).toEqual(['Hingga 3 agen']);
  });
});
