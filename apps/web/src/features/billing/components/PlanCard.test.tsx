import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import type { SellableProduct } from '../money';
import { PlanCard } from './PlanCard';

const STARTER: SellableProduct = {
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

const card = (overrides: Partial<Parameters<typeof PlanCard>[0]> = {}) =>
  renderScreen(
    <PlanCard
      product={STARTER}
      period="monthly"
      rate={11}
      canStart
      loading={null}
      disabled={false}
      onStart={vi.fn()}
      {...overrides}
    />,
  );

function items(): string[] {
  const plan = screen.getByTestId('plan-starter');
  return within(plan)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('PlanCard', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('states the agent count once, from agentLimit', () => {
    card();
    expect(items()).toEqual(['Up to 3 agents', '1 WhatsApp number', 'Shared inbox', 'Broadcasts']);
  });

  it('says it in Indonesian without the English duplicate', async () => {
    await setLanguage('id');
    card();
    expect(items().filter((text) => /agen/i.test(text))).toEqual(['Hingga 3 agen']);
  });

  it('prices the period shown, with the total PPN included, and buys that period', () => {
    const onBuy = vi.fn();
    card({ period: 'yearly', onBuy });
    expect(screen.getByTestId('plan-price-starter').textContent).toBe('Rp 2.990.000');
    // 2.990.000 + 11 % effective PPN (DPP 2.740.833, PPN 328.900).
    expect(screen.getByText('Rp 3.318.900 with PPN')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plan-buy-starter'));
    expect(onBuy).toHaveBeenCalledWith(STARTER, 'yearly');
  });

  it('sells a plan without a yearly price by the month', () => {
    const onBuy = vi.fn();
    card({ product: { ...STARTER, yearlyPrice: 0 }, period: 'yearly', onBuy });
    expect(screen.getByTestId('plan-price-starter').textContent).toBe('Rp 299.000');
    fireEvent.click(screen.getByTestId('plan-buy-starter'));
    expect(onBuy).toHaveBeenCalledWith(expect.objectContaining({ code: 'starter' }), 'monthly');
  });

  it('offers no purchase to someone who is not an admin', () => {
    card({ canStart: false, onBuy: vi.fn() });
    expect(screen.queryByTestId('plan-buy-starter')).toBeNull();
    expect(screen.queryByTestId('plan-start-trial-starter')).toBeNull();
  });
});
