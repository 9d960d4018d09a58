import type { Onboarding, OnboardingStep } from '@sapa/contracts';

/** Where each setup step is done: the page its action opens. */
export const STEP_LINKS: Record<OnboardingStep, string> = {
  channel: '/integration/whatsapp',
  team: '/setting/agent-settings',
  template: '/broadcast/template/new',
  topUp: '/top-up',
  message: '/chat',
};

export interface ChecklistProgress {
  done: number;
  total: number;
  complete: boolean;
  /** The first step not done yet: the one the checklist puts forward. */
  next: OnboardingStep | null;
}

export function progressOf(onboarding: Onboarding): ChecklistProgress {
  const done = onboarding.steps.filter((s) => s.done).length;
  const total = onboarding.steps.length;
  return {
    done,
    total,
    complete: done === total,
    next: onboarding.steps.find((s) => !s.done)?.key ?? null,
  };
}
