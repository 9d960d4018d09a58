import type { Contact } from '@sapa/contracts';

/** A contact as the server answers it; override what a test needs. */
export function makeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    _id: '2b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a03',
    name: 'Budi Santoso',
    phone: '81234567890',
    email: null,
    notes: '',
    attributes: {},
    labels: [],
    groupIds: [],
    channels: [],
    archived: false,
    lastChatAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
