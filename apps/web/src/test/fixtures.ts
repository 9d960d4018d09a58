import type { Role, User } from '@sapa/contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    name: 'Sari Wulandari',
    company: 'Toko Sari',
    email: 'sari@toko.id',
    role: 'admin',
    isTwoFactorAuthenticationEnabled: false,
    phone: null,
    divisionOnlyView: false,
    divisions: [],
    allChat: true,
    agentIds: [],
    status: 'active',
    accountId: 'account-1',
    accountType: 'regular',
    language: 'en',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A GET /users/me/all answer for a regular account with an active plan. */
export function makeMeAll(
  options: {
    role?: Role;
    settings?: Record<string, string | null>;
    dueDate?: string | null;
    user?: Partial<User>;
  } = {},
) {
  const dueDate =
    options.dueDate === undefined
      ? new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()
      : options.dueDate;
  return {
    user: makeUser({ role: options.role ?? 'admin', ...options.user }),
    account: { _id: 'account-1', name: 'Toko Sari', type: 'regular', timezone: 'Asia/Jakarta' },
    settings: Object.entries(options.settings ?? {}).map(([key, value]) => ({ key, value })),
    subscription: {
      dueDate,
      billingPeriod: dueDate ? 'monthly' : null,
      billingAmount: dueDate ? 99000 : null,
      plan: dueDate ? { code: 'basic', name: 'Basic' } : null,
      status: dueDate ? 'active' : 'none',
      graceEndsAt: dueDate,
      renewalOpensAt: dueDate
        ? new Date(new Date(dueDate).getTime() - 7 * 24 * 3_600_000).toISOString()
        : null,
    },
    balance: { saldo: 150000, orderId: null },
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
