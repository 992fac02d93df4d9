// What the ride page's "FTP estimates from this ride" shows of each estimate, kept apart from the
// component so it can be tested without a browser.

/**
 * Words for a confidence (0–1, @vatio/analysis `ftpEstimates`): a CP fit clamps at 0.95 and needs an
 * R² on power of 0.7 to read "high"; the 20-minute rule's fixed 0.4 is "medium", the spec rule's 0.1
 * "low".
 */
export function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence >= 0.7) return 'high';
  if (confidence >= 0.4) return 'medium';
  return 'low';
}

/** An estimate against the FTP the ride was measured against, %; null without that FTP. */
export function differenceFromUsedPct(estimateW: number, ftpUsedW: number | null): number | null {
  return ftpUsedW != null && ftpUsedW > 0 ? ((estimateW - ftpUsedW) / ftpUsedW) * 100 : null;
}
