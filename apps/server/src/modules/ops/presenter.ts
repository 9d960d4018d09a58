import {
  OPS_SETTING_KEYS,
  type OpsAccountDetail,
  type OpsAccountRow,
  type SettingValue,
} from '@sapa/contracts';
import type { OpsAccountDbRow, opsAccountsRepo } from './accounts.repo.js';

type Rows<K extends keyof typeof opsAccountsRepo> = Awaited<
  ReturnType<(typeof opsAccountsRepo)[K]>
>;

export function presentAccountRow(row: OpsAccountDbRow): OpsAccountRow {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    adminEmail: row.admin_email,
    plan: row.plan_code ? { code: row.plan_code, name: row.plan_name ?? row.plan_code } : null,
    status: row.status,
    dueDate: row.due_date?.toISOString() ?? null,
    balance: Number(row.balance),
    channels: Number(row.channels),
    usageThisMonth: Number(row.usage_this_month),
    createdAt: row.created_at.toISOString(),
  };
}

export function presentDetail(input: {
  row: OpsAccountDbRow;
  subscription: Rows<'subscription'>;
  storedMap: Map<string, string | null>;
  effective: SettingValue[];
  ledger: Rows<'ledger'>;
  invoices: Rows<'invoices'>;
  audit: Rows<'audit'>;
}): OpsAccountDetail {
  const { row, subscription } = input;
  const effective = new Map(input.effective.map((s) => [s.key, s.value]));
  return {
    account: {
      ...presentAccountRow(row),
      timezone: row.timezone,
      suspendedAt: row.suspended_at?.toISOString() ?? null,
      suspendedReason: row.suspended_reason,
    },
    subscription: subscription
      ? {
          plan: { code: subscription.code, name: subscription.name },
          status: subscription.status,
          billingPeriod: subscription.billing_period,
          billingAmount: Number(subscription.billing_amount),
          dueDate: subscription.due_date.toISOString(),
        }
      : null,
    settings: OPS_SETTING_KEYS.map((key) => ({
      key,
      stored: input.storedMap.get(key) ?? null,
      effective: effective.get(key) ?? null,
    })),
    ledger: input.ledger.map((l) => ({
      id: String(l.id),
      kind: l.kind,
      amount: Number(l.amount),
      balanceAfter: Number(l.balance_after),
      description: l.description,
      orderId: l.order_id,
      operatorEmail: l.operator_email,
      createdAt: l.created_at.toISOString(),
    })),
    invoices: input.invoices.map((i) => ({
      id: i.id,
      number: i.number,
      orderId: i.order_id,
      issuedAt: i.issued_at.toISOString(),
      total: Number(i.total),
      ppn: Number(i.ppn),
      taxInvoiceNumber: i.tax_invoice_number,
    })),
    audit: input.audit.map((a) => ({
      id: String(a.id),
      via: a.via,
      operatorEmail: a.operator_email,
      action: a.action,
      detail: a.detail,
      createdAt: a.created_at.toISOString(),
    })),
  };
}
