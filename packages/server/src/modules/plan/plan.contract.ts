// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export { planContracts } from '@vatio/schemas/contracts';
