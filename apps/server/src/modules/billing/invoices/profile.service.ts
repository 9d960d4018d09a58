import type { z } from 'zod';
import type { BillingProfile, billingProfileBodySchema } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { billingProfileRepo } from './profile.repo.js';

type ProfileBody = z.output<typeof billingProfileBodySchema>;

/**
 * The buyer on the account's invoices. Until an admin saves it, the account's name stands in (the
 * invoice job falls back the same way, with the admin's email).
 */
export class BillingProfileService {
  constructor(private readonly deps: Deps) {}

  async get(accountId: string): Promise<BillingProfile> {
    const row = await billingProfileRepo.find(this.deps.db, accountId);
    if (row)
      return {
        companyName: row.company_name,
        address: row.address,
        npwp: row.npwp,
        email: row.email,
        lowBalanceThreshold:
          row.low_balance_threshold === null ? null : Number(row.low_balance_threshold),
      };
    const contact = await billingProfileRepo.accountContact(this.deps.db, accountId);
    return {
      companyName: contact?.name ?? '',
      address: '',
      npwp: null,
      email: null,
      lowBalanceThreshold: null,
    };
  }

  /** Applies to invoices issued from now on; issued ones keep the buyer they were issued to. */
  async update(accountId: string, body: ProfileBody): Promise<BillingProfile> {
    await billingProfileRepo.upsert(this.deps.db, accountId, body, this.deps.clock.now());
    return this.get(accountId);
  }
}
