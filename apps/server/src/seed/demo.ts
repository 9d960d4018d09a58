import type { Deps } from '../deps.js';

export interface SeedResult {
  logins: { role: string; email: string }[];
}

/** Placeholder replaced by the seed helper in this same session. */
export async function seedDemo(_deps: Deps): Promise<SeedResult | null> {
  return null;
}
