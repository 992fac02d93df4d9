// Issue 27: declared in @vatio/schemas, shared with the web's generated client.
import { publicComparativeContracts, riderComparativeContracts } from '@vatio/schemas/contracts';

export { publicComparativeContracts, riderComparativeContracts };

/** Both, in the order the OpenAPI document lists them. */
export const comparativeContracts = [...riderComparativeContracts, ...publicComparativeContracts];
