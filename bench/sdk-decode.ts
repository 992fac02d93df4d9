import { Decoder, Stream } from '@garmin/fitsdk';

/** The same fast options `@vatio/formats` passes to the SDK (packages/formats/src/fit/decode-fit.ts). */
const READ_OPTIONS = {
  expandSubFields: false,
  expandComponents: false,
  convertTypesToStrings: false,
  convertDateTimesToDates: false,
  mergeHeartRates: false,
} as const;

/** The bare decode by Garmin's SDK: messages only, no timeline, no metrics. */
export function sdkDecode(bytes: Uint8Array): number {
  const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read(READ_OPTIONS);
  if (errors.length > 0) throw new Error(`SDK decode failed: ${String(errors[0])}`);
  return messages.recordMesgs?.length ?? 0;
}
