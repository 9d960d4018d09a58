/**
 * Reports (issue 18): `/api/reports` per tab, the usage reports of spec §7
 * (`reports/daily/usage`, `reports/weekly/usage`, `reports/usage`), exports, SLA targets and the
 * live dashboard. Every figure's definition is in docs/REPORTS.md; the web shows the same words
 * as tooltips. Durations are whole seconds; dates are days (YYYY-MM-DD) in the account's time
 * zone; money is rupiah (two decimals at most, as the ledger keeps it).
 *
 * One file per concern; this index re-exports them all, so importers name `@sapa/contracts` only.
 */
export * from './query.js';
export * from './figures.js';
export * from './conversations.js';
export * from './tickets.js';
export * from './broadcasts.js';
export * from './usage.js';
export * from './csat.js';
export * from './report.js';
export * from './dashboard.js';
