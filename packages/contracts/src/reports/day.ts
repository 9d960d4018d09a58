import { z } from 'zod';

/**
 * A day in the account's time zone, as the reports' queries take it. Not re-exported by the
 * index: a building block of the reports' schemas, not a name of the contract.
 */
export const reportDay = z.iso.date({ error: 'Dates must look like 2026-01-31' });
