/**
 * Template sends accepted per recipient (`to`), per number: the ground truth a benchmark or test
 * checks Sapa's exactly-once sending against (a count above 1 is a duplicate; a recipient absent
 * is a miss). One integer per recipient; reset between runs.
 */
export class SendLedger {
  private readonly byNumber = new Map<string, Map<string, number>>();

  record(phoneNumberId: string, to: string): void {
    let counts = this.byNumber.get(phoneNumberId);
    if (!counts) {
      counts = new Map();
      this.byNumber.set(phoneNumberId, counts);
    }
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }

  countOf(phoneNumberId: string, to: string): number {
    return this.byNumber.get(phoneNumberId)?.get(to) ?? 0;
  }

  summary(phoneNumberId: string, withCounts = false) {
    const counts = this.byNumber.get(phoneNumberId) ?? new Map<string, number>();
    let total = 0;
    const duplicates: { to: string; count: number }[] = [];
    for (const [to, count] of counts) {
      total += count;
      if (count > 1) duplicates.push({ to, count });
    }
    return {
      phoneNumberId,
      total,
      unique: counts.size,
      duplicated: duplicates.length,
      duplicates: duplicates.slice(0, 100),
      ...(withCounts ? { counts: Object.fromEntries(counts) } : {}),
    };
  }

  reset(phoneNumberId?: string): void {
    if (phoneNumberId) this.byNumber.delete(phoneNumberId);
    else this.byNumber.clear();
  }
}
