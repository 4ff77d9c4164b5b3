import type { Fetched, Oversized } from '../../scripts-src/lib/mailbox/contract.js';

/** The bytes `get` read, undefined when the key is absent or its value was too large to read. */
export const fetchedBytes = (fetched: Fetched | Oversized | undefined): Buffer | undefined => (fetched && 'value' in fetched ? fetched.value : undefined);
