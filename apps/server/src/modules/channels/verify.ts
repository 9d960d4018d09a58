import { MESSAGES, type CreateWhatsappServiceBody } from '@sapa/contracts';
import { ProviderError } from '../../channels/types.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/errors.js';

/**
 * The one refusal for "the token cannot read this number", "the number is in another WABA" and
 * "another account holds this number": same status, code and words, so probing ids with made-up
 * tokens learns nothing about who uses Sapa.
 */
export const notVerified = () =>
  new AppError(422, MESSAGES.channelNotVerified, 'CHANNEL_NOT_VERIFIED');

/**
 * Proves, with Meta, that the submitted token may act for the number in that WABA. Runs inside
 * the request (the person waits for the answer, as when publishing a template) under the
 * adapter's deadline; Meta down or slow is a 502 the person can retry, never a 500.
 */
export async function verifyWhatsappNumber(
  deps: Pick<Deps, 'channels' | 'log'>,
  accountId: string,
  body: CreateWhatsappServiceBody,
): Promise<void> {
  const facts = { accountId, phoneNumberId: body.phoneNumberId, wabaId: body.wabaId };
  let result;
  try {
    result = await deps.channels.whatsapp.verifyNumber(body);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.log.warn({ ...facts, error: err.info }, 'channel connect: Meta could not verify now');
    throw new AppError(502, MESSAGES.channelVerifyUnavailable, 'PROVIDER_UNAVAILABLE');
  }
  if (!result.verified) {
    deps.log.info({ ...facts, reason: result.reason }, 'channel connect refused: not verified');
    throw notVerified();
  }
}

/**
 * The token is genuine but another account already connected the number. Webhooks are never
 * moved silently: the person gets the neutral refusal and the operator a warning naming both
 * accounts, to settle by hand (e.g. remove the older channel once its owner agrees).
 */
export function refuseHeldElsewhere(
  deps: Pick<Deps, 'log'>,
  accountId: string,
  heldBy: string,
  body: CreateWhatsappServiceBody,
): AppError {
  deps.log.warn(
    { accountId, heldBy, phoneNumberId: body.phoneNumberId, wabaId: body.wabaId },
    'channel connect refused: verified with Meta, but another account holds this number',
  );
  return notVerified();
}
