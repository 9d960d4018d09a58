import type { z } from 'zod';
import { contactListQuerySchema } from './contacts.js';

/**
 * `GET /api/contacts/groups/:id/members`: a group's members, keyset-paged like the contacts list
 * (answer: `contactListSchema`), searchable by name, phone or email.
 */
export const contactGroupMembersQuerySchema = contactListQuerySchema.pick({
  searchText: true,
  perpage: true,
  startKey: true,
});
export type ContactGroupMembersQuery = z.infer<typeof contactGroupMembersQuerySchema>;
