import { Decoder, type FitMessages, Stream } from '@garmin/fitsdk';
import type { RecordColumns } from './record-columns.ts';
import { scanFit } from './scan.ts';

export interface FastFit {
  integrity: boolean;
  /** Every message but the records, decoded by the SDK with the caller's options. */
  messages: FitMessages;
  records: RecordColumns;
}

type ReadOptions = Parameters<Decoder['read']>[0];

/**
 * The columnar fast path for FIT: records straight into typed arrays (scan.ts), everything else through
 * the Garmin SDK. Undefined means "decode the whole file with the SDK as before": the file is unusual,
 * or the SDK would have reported an error on it (then its partial result is what the caller must see).
 */
export function readFitFast(
  bytes: Uint8Array,
  options: ReadOptions,
  onFallback?: (reason: string) => void,
): FastFit | undefined {
  let scan: ReturnType<typeof scanFit>;
  try {
    scan = scanFit(bytes);
  } catch (error) {
    // scanFit is written not to throw; a bug must cost speed, never a result.
    onFallback?.(`fast path threw: ${String(error)}`);
    return undefined;
  }
  if ('fallback' in scan) {
    onFallback?.(scan.fallback);
    return undefined;
  }
  const { messages, errors } = new Decoder(Stream.fromBuffer(scan.rest)).read(options);
  if (errors.length > 0) {
    onFallback?.(`the SDK reports an error on the other messages: ${String(errors[0])}`);
    return undefined;
  }
  if (scan.recordDeveloperFields && !developerFieldsReadable(messages)) {
    onFallback?.('a developer field description the SDK cannot read, with developer fields in records');
    return undefined;
  }
  return { integrity: scan.integrity, messages, records: scan.records };
}

/**
 * The SDK reads a record's developer field with the base type its field_description names and throws
 * when that is not a base type (decoder.js: BaseTypeDefinitions[fitBaseTypeId].invalid). The same
 * coercion as the SDK's `fitBaseTypeId & BaseTypeMask`; any such description sends the file to the SDK.
 */
function developerFieldsReadable(messages: FitMessages): boolean {
  for (const description of messages.fieldDescriptionMesgs ?? []) {
    if ((Number(description.fitBaseTypeId) & 0x1f) > 0x10) return false;
  }
  return true;
}
