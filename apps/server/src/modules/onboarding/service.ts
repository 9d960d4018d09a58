import type { Onboarding, OnboardingStep } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { onboardingRepo, type OnboardingRow } from './repo.js';

const FACT: Record<OnboardingStep, keyof OnboardingRow> = {
  channel: 'channel',
  team: 'team',
  template: 'template',
  topUp: 'top_up',
  message: 'message',
};

const ORDER: readonly OnboardingStep[] = ['channel', 'team', 'template', 'topUp', 'message'];

/**
 * The dashboard's setup checklist, read from the account's rows every time (nothing stored), so a
 * step ticks itself as soon as it is really done, wherever it was done.
 */
export async function onboardingOf(deps: Pick<Deps, 'db'>, accountId: string): Promise<Onboarding> {
  const facts = await onboardingRepo.facts(deps.db, accountId);
  return { steps: ORDER.map((key) => ({ key, done: facts[FACT[key]] === true })) };
}
