/**
 * The document's tags: every operation grouped by what it is for, in the order docs/api.md
 * presents them. An operation's tag follows from its path.
 */

export interface OperationTag {
  name: string
  description: string
}

/** Path prefixes, most specific first, and the tag of the operations under each. */
const TAG_BY_PREFIX: ReadonlyArray<readonly [string, string]> = [
  ['/auth/', 'Accounts'],
  ['/api/v1/api-keys', 'API keys'],
  ['/api/v1/solana/tx/simulate', 'Simulation'],
  ['/api/v1/solana/stream', 'Simulation'],
  ['/api/v1/solana/tx/', 'Landing'],
  ['/api/v1/solana/transactions/', 'Landing'],
  ['/api/v1/solana/tips', 'Landing'],
  ['/api/v1/solana/simulations', 'History'],
  ['/api/v1/solana/program-blocks', 'Program blocks'],
  ['/api/v1/solana/wallets/', 'Approvals'],
  ['/api/v1/webhooks', 'Webhooks'],
  ['/api/v1/billing/', 'Billing'],
]

export const OPERATION_TAGS: readonly OperationTag[] = [
  {
    name: 'Accounts',
    description: 'Register, log in, refresh, log out and delete an account: the bearer tokens of dashboards and human flows.',
  },
  { name: 'API keys', description: 'Keys for programs: created (shown once), listed, rotated with a grace period, revoked.' },
  { name: 'Simulation', description: 'Simulate and judge transactions: one, a batch, or a stream over a WebSocket.' },
  { name: 'Landing', description: 'Execute, send and submit signed transactions, track them until they land, and read the relay tips.' },
  { name: 'History', description: 'Your records of every call, and statistics over them.' },
  { name: 'Program blocks', description: 'The programs you refuse, beside the curated blacklist.' },
  { name: 'Approvals', description: "A wallet's standing token delegations, scored, with the transaction that revokes them." },
  { name: 'Webhooks', description: 'Endpoints that receive signed events (landings, blocks, quota), their deliveries and redeliveries.' },
  { name: 'Billing', description: 'Usage, subscription, Stripe Checkout and portal, and the Stripe webhook.' },
  { name: 'Service', description: 'Status, plans, health and this document: no credential needed.' },
]

/** The tag of the operation at `path` (OpenAPI form). */
export function getOperationTag(path: string): string {
  return TAG_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'Service'
}
