/**
 * The block engine's HTTP paths and the JSON-RPC methods each takes: the two original paths, and
 * the per-method paths Jito added later for the status and tip-account calls.
 */

export const RELAY_ROUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['/api/v1/bundles', new Set(['sendBundle', 'getBundleStatuses', 'getInflightBundleStatuses', 'getTipAccounts'])],
  ['/api/v1/transactions', new Set(['sendTransaction'])],
  ['/api/v1/getBundleStatuses', new Set(['getBundleStatuses'])],
  ['/api/v1/getInflightBundleStatuses', new Set(['getInflightBundleStatuses'])],
  ['/api/v1/getTipAccounts', new Set(['getTipAccounts'])],
])

/**
 * The methods that submit transactions, limited by the relay's submission limit (Jito's "N per
 * second for txn requests"); the status reads and getTipAccounts have a looser limit of their own.
 */
export const RELAY_SUBMISSION_METHODS: ReadonlySet<string> = new Set(['sendBundle', 'sendTransaction'])

/** Every method the relay serves on some path. */
export const RELAY_METHOD_NAMES: ReadonlySet<string> = new Set([...RELAY_ROUTES.values()].flatMap((methods) => [...methods]))
