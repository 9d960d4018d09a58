import { userInfo } from 'node:os';
import type pg from 'pg';
import {
  checkOpsSetting,
  formatCurrency,
  opsBalanceBodySchema,
  OPS_SETTING_KEYS,
} from '@sapa/contracts';
import { EventBus, type DomainEvent } from '../../events/bus.js';
import { AppError } from '../../http/errors.js';
import { relayToServers } from '../../realtime/relay.js';
import { routeEvent } from '../../realtime/routing.js';
import { FACT_KINDS } from '../reports/facts.js';
import { isFactKind, rebuildReportHistory } from '../reports/history.js';
import { OperatorAuthService } from './auth.service.js';
import { OpsConsoleService, type OpsActor } from './console.service.js';
import type { OpsDeps } from './deps.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export const USAGE = `Usage: npm run operator -- <command>

  create <email>                             Create an operator (or reset one) and print a
                                             one-time link (24 h) to set password and 2FA
  set <admin email> <key> <value>            Set a platform key of the admin's account
  unset <admin email> <key>                  Put the key back to the platform default
  credit <admin email> <amount> <reason…>    Add rupiah to the account's balance
  debit <admin email> <amount> <reason…>     Take rupiah from it (never below zero)
  list [search]                              Accounts: status, balance, due date
  reports-rebuild <admin email|all> [from to] [metric…]
                                             Recompute the report rollups of those local days
                                             (default: all days with facts) from their facts,
                                             only for the metrics named (default: all); after
                                             deploying 0057: reports-rebuild all opened

Runs against the running server's database (same environment). Every change is written to the
audit log as done from the command line.
Keys: ${OPS_SETTING_KEYS.join(', ')}`;

/** '100000', '100.000', '100,000' or '100_000': whole rupiah, thousands marks allowed. */
export function parseRupiah(raw: string): number | null {
  const text = raw.replace(/^rp\s*/i, '');
  if (!/^\d+$/.test(text) && !/^\d{1,3}([.,_]\d{3})+$/.test(text)) return null;
  return Number(text.replace(/[.,_]/g, ''));
}

/**
 * `npm run operator`. The command runs in its own process beside the server: events a change
 * raises (a balance) are handed to the server's sockets through PostgreSQL NOTIFY, the channel
 * every server process relays from, once the change has committed.
 */
export async function runOperatorCli(
  argv: string[],
  base: Omit<OpsDeps, 'events' | 'authCache'> & { pool: pg.Pool },
  io: CliOutput,
): Promise<number> {
  const raised: DomainEvent[] = [];
  const events = new EventBus();
  events.subscribe((event) => raised.push(event));
  const deps: OpsDeps = { ...base, events };
  const actor: OpsActor = { operatorId: null, via: 'cli', cliUser: safeUser() };
  const [command, ...args] = argv;
  try {
    const code = await runCommand(command, args, { ...deps, pool: base.pool }, actor, io);
    await relayToServers(base.pool, raised.flatMap(routeEvent));
    return code;
  } catch (err) {
    if (err instanceof AppError) {
      io.err(`Error: ${err.message}`);
      for (const issue of err.issues ?? [])
        if (issue.message !== err.message) io.err(`  ${issue.message}`);
      return 1;
    }
    throw err;
  }
}

async function runCommand(
  command: string | undefined,
  args: string[],
  deps: OpsDeps & { pool: pg.Pool },
  actor: OpsActor,
  io: CliOutput,
): Promise<number> {
  const service = new OpsConsoleService(deps);
  const usage = (line?: string) => {
    if (line) io.err(`Error: ${line}\n`);
    io.err(USAGE);
    return 2;
  };
  switch (command) {
    case 'create': {
      const [email] = args;
      if (!email || args.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        return usage('create takes one email address');
      const invite = await new OperatorAuthService(deps).invite(email, actor.cliUser ?? null);
      io.out(
        invite.resets
          ? `${email} is already an operator: this link sets a new password and authenticator (the current ones work until it is used).`
          : `Operator ${email} ${invite.created ? 'created' : 'invited again'}.`,
      );
      io.out(`One-time setup link (valid until ${invite.expiresAt.toISOString()}):`);
      io.out(invite.link);
      return 0;
    }
    case 'set':
    case 'unset': {
      const [email, key, ...rest] = args;
      const value = command === 'set' ? rest.join(' ') : null;
      if (!email || !key || (command === 'set' ? rest.length === 0 : rest.length > 0))
        return usage(
          command === 'set'
            ? 'set takes an admin email, a key and a value'
            : 'unset takes an admin email and a key',
        );
      const checked = checkOpsSetting(key, value);
      if (checked.error) return usage(checked.error);
      const accountId = await service.accountIdByAdminEmail(email);
      const [change] = await service.setSettings(actor, accountId, [{ key, value }]);
      io.out(
        `${key}: ${change?.before ?? '(platform default)'} → ${change?.after ?? '(platform default)'}`,
      );
      return 0;
    }
    case 'credit':
    case 'debit': {
      const [email, rawAmount, ...words] = args;
      if (!email || !rawAmount || words.length === 0)
        return usage(`${command} takes an admin email, an amount and a reason`);
      const amount = parseRupiah(rawAmount);
      if (amount === null)
        return usage(
          `${rawAmount} is not an amount of rupiah (whole numbers, e.g. 100000 or 100.000)`,
        );
      const body = opsBalanceBodySchema.safeParse({
        direction: command,
        amount,
        reason: words.join(' '),
      });
      if (!body.success) return usage(body.error.issues[0]?.message);
      const accountId = await service.accountIdByAdminEmail(email);
      const result = await service.adjustBalance(actor, accountId, body.data);
      io.out(
        `${command === 'credit' ? 'Credited' : 'Debited'} ${formatCurrency(amount)}: the balance is now ${formatCurrency(result.saldo)}.`,
      );
      return 0;
    }
    case 'list': {
      const search = args.join(' ').trim() || undefined;
      const page = await service.listAccounts({ search, page: 1, perpage: 100 });
      for (const a of page.data)
        io.out(
          [
            a.name.padEnd(28).slice(0, 28),
            (a.adminEmail ?? '-').padEnd(32).slice(0, 32),
            a.status.padEnd(9),
            formatCurrency(a.balance).padStart(16),
            a.dueDate ? a.dueDate.slice(0, 10) : '-',
          ].join('  '),
        );
      io.out(`${page.data.length} of ${page.total} account(s)`);
      return 0;
    }
    case 'reports-rebuild': {
      const [who, ...rest] = args;
      const isDay = (a: string) => {
        const t = Date.parse(`${a}T00:00:00Z`);
        return (
          /^\d{4}-\d{2}-\d{2}$/.test(a) &&
          !Number.isNaN(t) &&
          new Date(t).toISOString().startsWith(a)
        );
      };
      const dates = rest.filter((a) => /^\d{4}-/.test(a));
      if (dates.some((d) => !isDay(d))) return usage(`${dates.join(' ')}: dates are YYYY-MM-DD`);
      const metrics = rest.filter((a) => !dates.includes(a));
      if (!who || (dates.length !== 0 && dates.length !== 2))
        return usage('reports-rebuild takes an admin email or all, then optionally two dates');
      const [from, to] = dates;
      if (from && to && from > to) return usage(`${from} is after ${to}`);
      const unknown = metrics.filter((m) => !isFactKind(m));
      if (unknown.length > 0)
        return usage(`${unknown.join(', ')}: not a report metric (${FACT_KINDS.join(', ')})`);
      const accountIds = who === 'all' ? [] : [await service.accountIdByAdminEmail(who)];
      const repaired = await rebuildReportHistory(
        deps.pool,
        { accountIds, from, to, kinds: metrics.filter(isFactKind) },
        io.out,
      );
      io.out(`Done: ${repaired} rollup row(s) repaired.`);
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      return usage(`unknown command ${command}`);
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
