import type { TFunction } from 'i18next';
import type { Message } from '@sapa/contracts';
import { record, str } from './payload';
import { reactionOf } from './reactions';

export type InformationKind =
  'reaction' | 'unsupported' | 'system' | 'flow' | 'interactive' | 'note';

/**
 * What kind of centred line an information message is. The server writes an English `text` for
 * each (see the WhatsApp ingest mapping); the payload tells which one, so the line can be said in
 * the agent's language and explained.
 */
export function informationKind(message: Pick<Message, 'payload'>): InformationKind {
  const { payload } = message;
  if (reactionOf(message)) return 'reaction';
  if (payload.unsupported) return 'unsupported';
  if (payload.system) return 'system';
  if (payload.flow) return 'flow';
  if (payload.interactive) return 'interactive';
  return 'note';
}

export function informationText(
  message: Pick<Message, 'payload' | 'text'>,
  t: TFunction<'conversation'>,
): string {
  const { payload } = message;
  switch (informationKind(message)) {
    case 'reaction': {
      const emoji = reactionOf(message)?.emoji ?? '';
      return emoji ? t('info.reacted', { emoji }) : t('info.reactionRemoved');
    }
    case 'unsupported': {
      const type = str(record(payload.unsupported).type) ?? 'unknown';
      return t('info.unsupported', { type });
    }
    case 'system': {
      const system = record(payload.system);
      // WhatsApp's own sentence names the old and new numbers; keep it when it is there.
      return str(system.body) ?? t('info.changedNumber');
    }
    case 'flow': {
      const flow = record(payload.flow);
      const name = str(flow.body) ?? str(flow.name);
      return name ? t('info.flowNamed', { name }) : t('info.flow');
    }
    case 'interactive':
      return t('info.interactive');
    case 'note':
      return message.text;
  }
}
