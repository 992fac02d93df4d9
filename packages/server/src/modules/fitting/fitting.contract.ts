// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export { fittingContracts } from '@vatio/schemas/contracts';
