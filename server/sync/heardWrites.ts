/** One committed write as its notification described it (server/sync/writeInCollege.ts). */
export interface HeardWrite {
  /** The change numbers it gave its rows: first…last, with no other write's in between. */
  first: number;
  last: number;
  /** Who could have any version of its rows; null: every member of the college. */
  reach: readonly string[] | null;
}

/**
 * The writes a process has heard of, per college, in number order: the most recent
 * `perCollege` of each, since it last began listening (server/sync/quietPolls.ts clears
 * them when it stops). Writes of one college never share a number, and their numbers are
 * contiguous from one to the next (writeInCollege), so a hole between two heard writes is
 * a write this process did not hear of.
 */
export class HeardWrites {
  private readonly byCollege = new Map<string, HeardWrite[]>();

  constructor(private readonly perCollege = 2_000) {}

  add(collegeId: string, write: HeardWrite): void {
    const list = this.byCollege.get(collegeId) ?? [];
    this.byCollege.set(collegeId, list);
    // Notifications come in commit order; a write of this process may come before the
    // notification of an older one, and again through its own notification.
    let at = list.length;
    while (at > 0 && list[at - 1]!.first >= write.first) at--;
    if (list[at]?.first === write.first) return;
    list.splice(at, 0, write);
    if (list.length > this.perCollege) list.shift();
  }

  clear(): void {
    this.byCollege.clear();
  }

  /**
   * True when this process heard every write numbered in (after, upTo] and none of them
   * reached any of `keys` (a write whose reach is everyone reaches every member): then no
   * row numbered in that range is visible to such a member, nor was any version of it.
   * False on any doubt: a hole, a number before the oldest write heard, an everyone write.
   */
  noneFor(collegeId: string, after: number, upTo: number, keys: ReadonlySet<string>): boolean {
    const list = this.byCollege.get(collegeId);
    if (!list || after >= upTo) return false;
    let need = after + 1;
    for (let i = this.firstEndingAtOrAfter(list, need); i < list.length; i++) {
      const write = list[i]!;
      if (write.first > need) return false;
      if (write.reach === null || write.reach.some((key) => keys.has(key))) return false;
      need = write.last + 1;
      if (need > upTo) return true;
    }
    return false;
  }

  /** The index of the first write whose last number is at least `seq` (binary search). */
  private firstEndingAtOrAfter(list: readonly HeardWrite[], seq: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]!.last < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
