import type { ColumnType, Generated } from 'kysely';
import type { ChannelType } from './schema-messaging.js';

/** Kysely's view of migrations/0017_contact_groups.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ContactGroupsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: Generated<string>;
  /** NULL: members are reached on any channel. */
  channel: ChannelType | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactGroupMembersTable {
  group_id: string;
  contact_id: string;
  added_at: Timestamp;
}

export interface GroupTables {
  contact_groups: ContactGroupsTable;
  contact_group_members: ContactGroupMembersTable;
}
