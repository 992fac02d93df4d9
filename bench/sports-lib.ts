import { ActivityParsingOptions, SportsLib } from '@sports-alliance/sports-lib';

/**
 * The one JavaScript peer that computes these metrics: sports-lib's FIT importer, which parses the
 * file and generates its stats (averages, NP, IF, TSS with the given FTP, power curve...) on import.
 */
export async function sportsLibImport(bytes: Uint8Array, ftpW: number): Promise<number> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const options = new ActivityParsingOptions({ tss: { overrides: { functionalThresholdPower: ftpW } } });
  const event = await SportsLib.importFromFit(buffer, options);
  return event.getStats().size;
}
