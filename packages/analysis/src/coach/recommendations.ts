/**
 * The narrative dashboard's coach rules (spec 000 §9): percentage changes of four areas in, message
 * keys out. The words (title, explanation, plan) live in the web app's locales under these keys;
 * the numbers that fill them travel with each recommendation.
 */

export type Priority = 'high' | 'medium' | 'low';

export interface Recommendation {
  /** Stable id, also the i18n key stem: `coach.<id>.title`, `coach.<id>.explanation`, … */
  readonly id:
    | 'ftp-plateau'
    | 'ftp-consolidate'
    | 'ftp-recovery'
    | 'aero-optimise'
    | 'aero-maintain'
    | 'technique-refine'
    | 'technique-elite'
    | 'efficiency-boost';
  readonly category: 'power' | 'aerodynamics' | 'technique' | 'efficiency';
  readonly priority: Priority;
  /** The change (%) that triggered it, for the message. */
  readonly changePct: number;
}

/** Percentage changes over the comparison period; undefined when an area has no data. */
export interface AreaChanges {
  readonly ftpPct: number | undefined;
  readonly aeroPct: number | undefined;
  readonly techniquePct: number | undefined;
  readonly efficiencyPct: number | undefined;
}

/**
 * Rules: FTP change within ±2 % → plateau plan (high); above 5 → consolidate (medium); below −3 →
 * recovery (high). Aero change above −1 → optimise; below −3 → maintain. Technique below 1 →
 * refine; above 4 → elite. Efficiency below 1 → boost. Sorted by priority (stable otherwise), at
 * most `limit` (the spec shows 3).
 * The spec gives priorities only for the FTP rules; the others are medium here, except "maintain"
 * and "elite", which acknowledge progress and are low.
 */
export function recommendations(changes: AreaChanges, options: { limit: number }): Recommendation[] {
  const out: Recommendation[] = [];
  const { ftpPct, aeroPct, techniquePct, efficiencyPct } = changes;
  if (ftpPct !== undefined) {
    if (Math.abs(ftpPct) <= 2)
      out.push({ id: 'ftp-plateau', category: 'power', priority: 'high', changePct: ftpPct });
    else if (ftpPct > 5)
      out.push({ id: 'ftp-consolidate', category: 'power', priority: 'medium', changePct: ftpPct });
    else if (ftpPct < -3)
      out.push({ id: 'ftp-recovery', category: 'power', priority: 'high', changePct: ftpPct });
  }
  if (aeroPct !== undefined) {
    if (aeroPct > -1)
      out.push({ id: 'aero-optimise', category: 'aerodynamics', priority: 'medium', changePct: aeroPct });
    else if (aeroPct < -3)
      out.push({ id: 'aero-maintain', category: 'aerodynamics', priority: 'low', changePct: aeroPct });
  }
  if (techniquePct !== undefined) {
    if (techniquePct < 1)
      out.push({
        id: 'technique-refine',
        category: 'technique',
        priority: 'medium',
        changePct: techniquePct,
      });
    else if (techniquePct > 4)
      out.push({ id: 'technique-elite', category: 'technique', priority: 'low', changePct: techniquePct });
  }
  if (efficiencyPct !== undefined && efficiencyPct < 1) {
    out.push({
      id: 'efficiency-boost',
      category: 'efficiency',
      priority: 'medium',
      changePct: efficiencyPct,
    });
  }
  const rank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
  return out
    .map((r, k) => ({ r, k }))
    .sort((a, b) => rank[a.r.priority] - rank[b.r.priority] || a.k - b.k)
    .slice(0, options.limit)
    .map(({ r }) => r);
}
