/**
 * Deployment settings baked in at build time. Each `VITE_*` value is read here and nowhere else,
 * so a missing or blank value falls back the same way on every page.
 */

const DEFAULT_SUPPORT_EMAIL = 'support@sapa.id';

/** The support address from the build environment; blank or unset means the Sapa default. */
export function readSupportEmail(env: Pick<ImportMetaEnv, 'VITE_SUPPORT_EMAIL'>): string {
  return env.VITE_SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

/** Where people reach the Sapa team: activation problems, plans, renewals, privacy requests. */
export const SUPPORT_EMAIL: string = readSupportEmail(import.meta.env);
