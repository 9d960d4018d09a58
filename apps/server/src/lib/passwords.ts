import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, t=2, p=1): strong, and ~20 ms on the 2-core machine.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  // With no stored hash we still spend the time, so response timing does not reveal the account.
  if (!stored) {
    await hash(plain, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
