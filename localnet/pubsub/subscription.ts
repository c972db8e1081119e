/**
 * What a client subscribed to, as its subscribe params were read: one kind per PubSub method,
 * with the commitment its notifications wait for (slot and root notifications wait for none).
 */
import type { Address } from '@solana/kit'
import type { CommitmentStatus } from '../chain/slot-commitment.js'
import type { ProgramAccountFilter } from '../rpc/params.js'
import type { AccountEncoding, DataSlice } from '../rpc/ui-account.js'

/** getAccountInfo's encodings, jsonParsed included (rpc/parsed-account.ts: token accounts, lookup tables; others base64, as Agave falls back). */
export type PubSubAccountEncoding = AccountEncoding | 'jsonParsed'

export type AccountSubscriptionSpec = {
  readonly kind: 'account'
  readonly address: Address
  readonly commitment: CommitmentStatus
  readonly encoding: PubSubAccountEncoding
  readonly slice: DataSlice | undefined
}

export type ProgramSubscriptionSpec = {
  readonly kind: 'program'
  readonly program: Address
  readonly commitment: CommitmentStatus
  readonly encoding: PubSubAccountEncoding
  readonly slice: DataSlice | undefined
  readonly filters: readonly ProgramAccountFilter[]
}

export type SignatureSubscriptionSpec = {
  readonly kind: 'signature'
  readonly signature: string
  readonly commitment: CommitmentStatus
  /** Also notify "receivedSignature" when the transaction arrives. */
  readonly receivedNotification: boolean
}

export type LogsSubscriptionSpec = {
  readonly kind: 'logs'
  /** `all` leaves out vote transactions, `allWithVotes` keeps them, `mentions` names one address. */
  readonly filter: { readonly kind: 'all'; readonly votes: boolean } | { readonly kind: 'mentions'; readonly address: Address }
  readonly commitment: CommitmentStatus
}

export type SlotSubscriptionSpec = { readonly kind: 'slot' }
export type RootSubscriptionSpec = { readonly kind: 'root' }

export type SubscriptionSpec =
  | AccountSubscriptionSpec
  | ProgramSubscriptionSpec
  | SignatureSubscriptionSpec
  | LogsSubscriptionSpec
  | SlotSubscriptionSpec
  | RootSubscriptionSpec

/** Where a subscription's notifications go: its connection. */
export type SubscriptionOwner = {
  /** Sends `{jsonrpc, method, params: {result, subscription}}`. */
  notify(method: string, subscription: number, result: unknown): void
  /** Notifications held for their commitment, counted against the connection's bound. */
  holdOne(): boolean
  releaseOne(): void
}

export type Subscription = SubscriptionSpec & {
  readonly id: number
  readonly owner: SubscriptionOwner
  /** False once unsubscribed (or its connection closed): held notifications are then dropped. */
  active: boolean
}

/** The notification method of each kind, as Agave names it. */
export const NOTIFICATION_METHODS: Record<SubscriptionSpec['kind'], string> = {
  account: 'accountNotification',
  program: 'programNotification',
  signature: 'signatureNotification',
  logs: 'logsNotification',
  slot: 'slotNotification',
  root: 'rootNotification',
}
