import type { BusinessNumber, MessageStatus } from '../store.js';

/** Meta's WhatsApp webhook envelope: one entry for the WABA, one `messages` change. */
export function whatsappEnvelope(number: BusinessNumber, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber,
                phone_number_id: number.phoneNumberId,
              },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

export interface GraphErrorDetail {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href?: string;
}

export interface StatusInput {
  wamid: string;
  status: MessageStatus;
  timestamp: string;
  recipientId: string;
  bizOpaqueCallbackData?: string;
  /** Pre-v24 payloads carry the conversation; v24+ mostly omit it. */
  conversation?: { id: string; expiresAt: string; originType: 'service' | 'utility' };
  billable?: { template: boolean };
  errors?: GraphErrorDetail[];
}

export function statusValue(input: StatusInput): Record<string, unknown> {
  const status: Record<string, unknown> = {
    id: input.wamid,
    status: input.status,
    timestamp: input.timestamp,
    recipient_id: input.recipientId,
  };
  if (input.bizOpaqueCallbackData) status.biz_opaque_callback_data = input.bizOpaqueCallbackData;
  if (input.conversation) {
    status.conversation = {
      id: input.conversation.id,
      ...(input.status === 'sent' ? { expiration_timestamp: input.conversation.expiresAt } : {}),
      origin: { type: input.conversation.originType },
    };
  }
  if (input.billable && input.status !== 'failed') {
    const template = input.billable.template;
    status.pricing = {
      billable: template,
      pricing_model: 'PMP',
      type: template ? 'regular' : 'free_customer_service',
      category: template ? 'utility' : 'service',
    };
  }
  if (input.errors) status.errors = input.errors;
  return { statuses: [status] };
}

export const REENGAGEMENT_ERROR: GraphErrorDetail = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: {
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
};
