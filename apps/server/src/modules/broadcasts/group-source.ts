import { BROADCAST_MESSAGES, fillBroadcastMessage as fill } from '@sapa/contracts';
import { badRequest } from '../../http/errors.js';
import type { ParsedSheet } from '../../lib/sheets/read-sheet.js';
import { exportPhone } from '../contacts/export.service.js';

export interface GroupMember {
  id: string;
  name: string;
  phone: string | null;
  attributes: Record<string, unknown>;
}

/** `name`, or `attribute:<key>` for a contact attribute. */
function fieldValue(member: GroupMember, field: string): string {
  if (field === 'name') return member.name;
  if (field.startsWith('attribute:')) {
    const v = member.attributes[field.slice('attribute:'.length)];
    return v === undefined || v === null ? '' : String(v);
  }
  return '';
}

/**
 * Contact-group members as recipient data, so they go through exactly the checks an upload does.
 * A group has no param columns, so a template with parameters fills each one from a contact
 * field the sender picks (the contact's name or one of its attributes); a member whose field is
 * empty is a refused row like an upload's empty cell. Without that mapping every parameter would
 * be empty and every member refused, so the mapping is required for each column.
 * Phones are written back in international form (`exportPhone`), because a contact's canonical
 * phone drops Indonesia's 62 but keeps other countries' codes.
 */
export function groupSheet(
  members: readonly GroupMember[],
  required: readonly string[],
  fields: Readonly<Record<string, string>>,
): { sheet: ParsedSheet; contactIds: (string | null)[] } {
  const valueColumns = required.filter((c) => c !== 'phone');
  for (const column of valueColumns) {
    const field = fields[column];
    if (!field || (field !== 'name' && !/^attribute:.+/.test(field)))
      throw badRequest(
        fill(BROADCAST_MESSAGES.groupFieldRequired, { column }),
        'BROADCAST_GROUP_FIELD',
      );
  }
  const columns = [...required, 'name'];
  const rows = members.map((m, i) => ({
    row: i + 2,
    cells: [
      exportPhone(m.phone),
      ...valueColumns.map((c) => fieldValue(m, fields[c] ?? '')),
      m.name,
    ],
  }));
  return { sheet: { columns, rows }, contactIds: members.map((m) => m.id) };
}
