// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export { demoContracts } from '@vatio/schemas/contracts';
