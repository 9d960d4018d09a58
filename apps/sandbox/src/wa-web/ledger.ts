/**
 * What linked devices sent, per number: the ground truth a test or benchmark checks Sapa's
 * exactly-once sending against. A message is keyed by recipient and content (type, text or
 * caption, the media's hash, the quoted id): the same key twice is counted as a duplicate.
 */
export class WaLedger {
  private readonly byPhone = new Map<string, Map<string, { to: string; count: number }>>();

  record(phone: string, to: string, contentKey: string): void {
    let entries = this.byPhone.get(phone);
    if (!entries) {
      entries = new Map();
      this.byPhone.set(phone, entries);
    }
    const key = `${to}\u0000${contentKey}`;
    const entry = entries.get(key) ?? { to, count: 0 };
    entry.count += 1;
    entries.set(key, entry);
  }

  summary(phone: string) {
    const entries = [...(this.byPhone.get(phone)?.values() ?? [])];
    const byRecipient: Record<string, number> = {};
    let total = 0;
    for (const e of entries) {
      total += e.count;
      byRecipient[e.to] = (byRecipient[e.to] ?? 0) + e.count;
    }
    const duplicates = entries.filter((e) => e.count > 1);
    return {
      phone,
      total,
      unique: entries.length,
      duplicated: duplicates.reduce((n, e) => n + e.count - 1, 0),
      byRecipient,
    };
  }

  reset(phone?: string): void {
    if (phone) this.byPhone.delete(phone);
    else this.byPhone.clear();
  }
}
