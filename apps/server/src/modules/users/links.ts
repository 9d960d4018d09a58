import type { Db } from '../../db/database.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { oneTimeTokensRepo, type OneTimePurpose } from './one-time-tokens.repo.js';

const HOUR = 60 * 60 * 1000;

/** How long an emailed link works (the mail templates state the same durations). */
export const LINK_TTL_MS: Record<OneTimePurpose, number> = {
  verify_email: 48 * HOUR,
  reset_password: 1 * HOUR,
  invite: 7 * 24 * HOUR,
};

/** Stores a new link token's hash and returns the token, which only the email will carry. */
export async function issueLinkToken(
  db: Db,
  userId: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await oneTimeTokensRepo.issue(db, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
  });
  return token;
}

/** The web app's page for each link (spec §2 routes). */
export function linkUrl(appUrl: string, purpose: OneTimePurpose, token: string): string {
  const t = encodeURIComponent(token);
  switch (purpose) {
    case 'verify_email':
      return `${appUrl}/email-verify?token=${t}`;
    case 'reset_password':
      return `${appUrl}/reset-password?token=${t}`;
    case 'invite':
      return `${appUrl}/reset-password?token=${t}&type=invite`;
  }
}
