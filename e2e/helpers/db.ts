// Straight to the e2e server's database, for the set-up no page offers (an account of its own,
// an operator's setting) and for facts a spec checks behind the page.
import pg from 'pg';
import { DEMO_ADMIN_EMAIL } from './users.js';

/** One statement on a connection of its own; its rows. */
export async function sql(text: string, values: unknown[] = []): Promise<unknown[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/e2e.mjs sets it)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface FreshAccount {
  /** The admin's sign-in email (their password is the demo's). */
  email: string;
  /** The account's name, as its pages show it. */
  name: string;
  adminName: string;
  /** The admin's phone, without the leading 0. */
  phone: string;
  /** Rupiah in the balance, booked as one adjustment. */
  balance: number;
}

/**
 * An account of its own, so the demo account stays as other specs expect it: the starter plan
 * paid for 30 days, a balance, no channels, and one admin who signs in with the demo password.
 * Answers the account's id.
 */
export async function freshAccount(a: FreshAccount): Promise<string> {
  const [row] = await sql(
    `WITH a AS (INSERT INTO accounts (name) VALUES ($3) RETURNING id),
     s AS (INSERT INTO subscriptions (account_id, product_id, status, billing_period, billing_amount, due_date)
           SELECT a.id, p.id, 'active', 'monthly', p.price, now() + interval '30 days'
           FROM a, products p WHERE p.code = 'starter'),
     u AS (INSERT INTO users (account_id, name, email, phone, password_hash, role, status, email_verified_at, all_chat)
           SELECT a.id, $4, $1, $5, d.password_hash, 'admin', 'active', now(), true
           FROM a, users d WHERE d.email = $2),
     l AS (INSERT INTO balance_ledger (account_id, amount, balance_after, kind, description)
           SELECT a.id, $6::numeric, $6::numeric, 'adjustment', 'e2e funds' FROM a)
     SELECT id FROM a`,
    [a.email, DEMO_ADMIN_EMAIL, a.name, a.adminName, a.phone, a.balance],
  );
  return (row as { id: string }).id;
}
