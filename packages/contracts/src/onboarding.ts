import { z } from 'zod';

/**
 * The first-hour setup of a new business (issue 15), in the order the dashboard lists it:
 * connect a channel, invite the team, create a template, top up the balance, send a first message.
 */
export const ONBOARDING_STEPS = ['channel', 'team', 'template', 'topUp', 'message'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** GET /api/onboarding: each step, done or not, computed from the account's own rows. */
export const onboardingSchema = z.object({
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
