// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
export { exampleRiderContracts } from '@vatio/schemas/contracts';
