import { useMutation } from '@tanstack/react-query';
import { DEFAULT_WHATSAPP_TYPE, whatsappTypeSchema, type WhatsappType } from '@sapa/contracts';
import { useSession } from '../../../app/session';
import { api } from '../../../lib/http';

/** Where each WhatsApp integration is set up. */
export const WHATSAPP_TYPE_PATH: Record<WhatsappType, string> = {
  wabasic: '/integration/whatsapp-basic',
  waba: '/integration/whatsapp',
};

/** `settings/whatsapp-type` as loaded with the session; 'wabasic' when unset or unreadable (§7). */
export function readWhatsappType(value: string | null | undefined): WhatsappType {
  const parsed = whatsappTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_WHATSAPP_TYPE;
}

/** The account's WhatsApp type and a way for its admin to switch it (saved, then reloaded). */
export function useWhatsappType() {
  const session = useSession();
  const type = readWhatsappType(session.settings['whatsapp-type']);
  const change = useMutation({
    mutationFn: async (value: WhatsappType) => {
      await api.post<unknown>('settings', {
        body: { settings: [{ key: 'whatsapp-type', value }] },
      });
      // The session copy (and the session-storage one) follow the saved value.
      await session.reload();
    },
  });
  return { type, change };
}
