import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0018_routing.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type PresenceStatus = 'online' | 'away';

export interface UserPresenceTable {
  user_id: string;
  account_id: string;
  status: ColumnType<PresenceStatus, PresenceStatus | undefined, PresenceStatus>;
  connections: ColumnType<number, number | undefined, number>;
  last_seen_at: Timestamp;
  last_assigned_at: NullableTimestamp;
}

/** migrations/0024_presence_processes.sql: each server process and its share of presence. */
export interface ServerProcessesTable {
  id: string;
  started_at: Timestamp;
  seen_at: Date | string;
}

export interface PresenceSocketsTable {
  process_id: string;
  user_id: string;
  account_id: string;
  connections: number;
}

export type AutoMessageKind = 'welcome' | 'no_agent' | 'greeting';

export interface ChatAutoMessagesTable {
  chat_id: string;
  kind: AutoMessageKind;
  window_start: Date | string;
  sent_at: Timestamp;
}

export interface ChatWindowsTable {
  chat_id: string;
  window_start: Date | string;
}

export interface GreetingsTable {
  id: ColumnType<string, string | undefined, never>;
  account_id: string;
  text: string;
  division_ids: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RoutingTables {
  greetings: GreetingsTable;
  chat_windows: ChatWindowsTable;
  user_presence: UserPresenceTable;
  chat_auto_messages: ChatAutoMessagesTable;
  server_processes: ServerProcessesTable;
  presence_sockets: PresenceSocketsTable;
}
