import { authenticator } from 'otplib';
import QRCode from 'qrcode';

/** TOTP (RFC 6238, 30 s steps, ±1 step of drift) on the injected clock. */
export function checkPin(secret: string, pin: string, now: Date): boolean {
  return authenticator.clone({ epoch: now.getTime(), window: 1 }).check(pin, secret);
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
