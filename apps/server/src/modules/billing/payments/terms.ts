import { PPN_DEFAULT_EFFECTIVE_RATE, PPN_STATUTORY_RATE } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { SettingsService } from '../../settings/service.js';
import { parseBillPrices, type BillPrices } from '../plans/prices.js';

export interface OrderTerms {
  /** `bo.ppn`: the effective PPN rate, percent. */
  ppnRate: number;
  billPrices: BillPrices;
}

/**
 * The account's terms an order is priced with, read from its effective settings (stored value or
 * the catalogue's default). The one place payments read settings: when the pricing module lands,
 * this becomes a call into it.
 */
export async function orderTerms(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  accountId: string,
): Promise<OrderTerms> {
  const settings = await new SettingsService(deps).list(accountId);
  const value = (key: string) => settings.find((s) => s.key === key)?.value ?? null;
  const rawPpn = value('bo.ppn');
  let ppnRate = Number(rawPpn);
  if (rawPpn === null || !Number.isFinite(ppnRate) || ppnRate < 0 || ppnRate > PPN_STATUTORY_RATE) {
    // An operator's typo must not block every purchase; the default is the legal rate since 2025.
    deps.log.warn({ accountId, ppn: rawPpn }, 'bo.ppn is not a rate between 0 and 12; using 11');
    ppnRate = PPN_DEFAULT_EFFECTIVE_RATE;
  }
  return { ppnRate, billPrices: parseBillPrices(value('billPrices')) };
}
