import { authenticator } from 'otplib';
import QRCode from 'qrcode';

const STEP_SECONDS = 30;

/**
 * The time step a PIN belongs to (TOTP, RFC 6238: 30 s steps, ±1 step of drift, on the injected
 * clock), or null when it matches none. The step lets the caller refuse a code used before.
 */
export function pinStep(secret: string, pin: string, now: Date): number | null {
  const options = { epoch: now.getTime(), window: 1, step: STEP_SECONDS };
  const delta = authenticator.clone(options).checkDelta(pin, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta;
}

export function generatePin(secret: string, now: Date): string {
  return authenticator.clone({ epoch: now.getTime() }).generate(secret);
}

export async function newTwoFactorSecret(email: string) {
  const secret = authenticator.generateSecret(20);
  const otpauthUrl = authenticator.keyuri(email, 'Sapa', secret);
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}
