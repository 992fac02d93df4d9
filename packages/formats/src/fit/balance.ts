/**
 * FIT left/right balance. Both encodings say which leg the number belongs to only when the "right" bit
 * is set; without it the side is unknown (FIT profile: "data corresponds to right if set, otherwise
 * unknown"), e.g. a spider-based meter that measures both legs together. Vatio stores the LEFT leg's
 * share and leaves unknown-side values out rather than guess.
 */

/** Record-level left_right_balance (uint8): bits 0–6 percent, bit 7 = right. */
export function leftShareFromBalance(raw: number | undefined): number | undefined {
  if (raw === undefined || raw === 0xff) return undefined;
  if ((raw & 0x80) === 0) return undefined;
  const pct = raw & 0x7f;
  return pct > 100 ? undefined : 100 - pct;
}

/** Session/lap left_right_balance_100 (uint16): bits 0–13 percent × 100, bit 15 = right. */
export function leftShareFromBalance100(raw: number | undefined): number | undefined {
  if (raw === undefined || raw === 0xffff) return undefined;
  if ((raw & 0x8000) === 0) return undefined;
  const pct = (raw & 0x3fff) / 100;
  return pct > 100 ? undefined : Math.round((100 - pct) * 100) / 100;
}

/** True when a record value carries a percentage but no side flag. */
export function isUnknownSideBalance(raw: number | undefined): boolean {
  return raw !== undefined && raw !== 0xff && (raw & 0x80) === 0;
}
