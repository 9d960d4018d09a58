import { translateMessage } from '../../lib/messages';
import { i18n } from '../../lib/i18n';

/**
 * The channel API's own sentences (not in the spec's catalogue), by their English text, so they
 * read naturally in Indonesian too. Anything else goes through the shared translator.
 */
const KNOWN: ReadonlyArray<{ pattern: RegExp; key: string }> = [
  { pattern: /^The phone number id must be digits$/, key: 'phoneNumberIdDigits' },
  { pattern: /^The WhatsApp Business Account id must be digits$/, key: 'wabaIdDigits' },
  { pattern: /^This phone number id is already connected$/, key: 'alreadyConnected' },
  { pattern: /^We could not verify this number with that access token\./, key: 'notVerified' },
  { pattern: /^We could not reach Meta to verify this number\./, key: 'verifyUnavailable' },
  { pattern: /^Your plan allows (\d+) WhatsApp channels?\./, key: 'channelLimit' },
  { pattern: /^Your plan allows (\d+) Messenger channels?\./, key: 'messengerLimit' },
  { pattern: /^Your plan allows (\d+) Instagram channels?\./, key: 'instagramLimit' },
  { pattern: /^The page id must be digits$/, key: 'pageIdDigits' },
  { pattern: /^The Instagram account id must be digits$/, key: 'instagramIdDigits' },
];

export function translateServiceMessage(text: string): string {
  for (const { pattern, key } of KNOWN) {
    const match = pattern.exec(text);
    if (match)
      return i18n.t(`integrations:serverMessages.${key}`, { count: Number(match[1] ?? 0) });
  }
  return translateMessage(text);
}

/** Field errors (the contract's or the server's English) in the reader's language. */
export function translateServiceErrors<E extends Record<string, string>>(errors: E): E {
  for (const key of Object.keys(errors) as (keyof E)[])
    errors[key] = translateServiceMessage(errors[key] ?? '') as E[keyof E];
  return errors;
}
