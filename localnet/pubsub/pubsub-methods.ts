/**
 * The PubSub method table of one connection: each `<kind>Subscribe` answers the new subscription's
 * id, each `<kind>Unsubscribe` answers true (any kind's id: Agave's unsubscribes share one table
 * per connection) or -32602 "Invalid subscription id." for an id this connection does not hold.
 */
import { JSON_RPC_INTERNAL_ERROR, createInvalidParamsError, createJsonRpcError } from '../rpc/json-rpc-error.js'
import type { RpcMethods } from '../rpc/rpc-method.js'
import type { ChainNotifier } from './chain-notifier.js'
import {
  toAccountSubscription,
  toLogsSubscription,
  toProgramSubscription,
  toSignatureSubscription,
  toSubscriptionId,
} from './subscribe-params.js'
import type { SubscriptionOwner, SubscriptionSpec } from './subscription.js'
import type { SubscriptionRegistry } from './subscription-registry.js'

export type PubSubMethodsContext = {
  registry: SubscriptionRegistry
  notifier: ChainNotifier
  owner: SubscriptionOwner
  maxSubscriptions: number
}

/** Creates the methods one connection calls. */
export function createPubSubMethods(context: PubSubMethodsContext): RpcMethods {
  const { registry, notifier, owner } = context

  function subscribe(spec: SubscriptionSpec): number {
    if (registry.countOf(owner) >= context.maxSubscriptions) {
      // Agave's answer at its subscription limit.
      throw createJsonRpcError(JSON_RPC_INTERNAL_ERROR, 'Internal Error: Subscription refused. Node subscription limit reached')
    }
    const subscription = registry.add(owner, spec)
    // A transaction (or airdrop) that landed before the subscribe is answered too — after the
    // subscribe's own answer, which the dispatcher sends synchronously once this returns.
    if (subscription.kind === 'signature') queueMicrotask(() => notifier.checkLanded(subscription))
    return subscription.id
  }

  function unsubscribe(params: readonly unknown[]): boolean {
    if (!registry.remove(owner, toSubscriptionId(params))) throw createInvalidParamsError('Invalid subscription id.')
    return true
  }

  return {
    accountSubscribe: (params) => subscribe(toAccountSubscription(params)),
    programSubscribe: (params) => subscribe(toProgramSubscription(params)),
    signatureSubscribe: (params) => subscribe(toSignatureSubscription(params)),
    logsSubscribe: (params) => subscribe(toLogsSubscription(params)),
    slotSubscribe: () => subscribe({ kind: 'slot' }),
    rootSubscribe: () => subscribe({ kind: 'root' }),
    accountUnsubscribe: unsubscribe,
    programUnsubscribe: unsubscribe,
    signatureUnsubscribe: unsubscribe,
    logsUnsubscribe: unsubscribe,
    slotUnsubscribe: unsubscribe,
    rootUnsubscribe: unsubscribe,
  }
}
