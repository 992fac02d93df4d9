/**
 * The SDK's NumericFieldTypes (fit.js): the profile field types its Decoder and Encoder scale and
 * offset. Both the fast reader (fast/record-columns.ts) and the fast writer (fast-write/) follow it.
 */
export const SDK_NUMERIC_FIELD_TYPES: ReadonlySet<string> = new Set([
  'sint8',
  'uint8',
  'sint16',
  'uint16',
  'sint32',
  'uint32',
  'float32',
  'float64',
  'uint8z',
  'uint16z',
  'uint32z',
  'byte',
  'sint64',
  'uint64',
  'uint64z',
]);
