/**
 * The WebSocket stream's pushes of the caller's own transactions (docs/api.md#pushes), opened
 * when the playground mounts and closed when it goes: a status change of a transaction this page
 * executes arrives as it happens. Pushes are kept per signature, so one that arrives before the
 * execute answer named its signature is not lost.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { PreflightClient, TransactionPush } from '@preflight/sdk'

export type StreamState = 'connecting' | 'open' | 'unavailable'

export interface PushHub {
  /** Calls `listener` with every push of `signature`, those already received first; returns its remover. */
  subscribe(signature: string, listener: (push: TransactionPush) => void): () => void
}

export function useTransactionPushes(client: PreflightClient): { hub: PushHub; state: StreamState } {
  const [state, setState] = useState<StreamState>('connecting')
  const received = useRef(new Map<string, TransactionPush[]>())
  const listeners = useRef(new Map<string, Set<(push: TransactionPush) => void>>())
  const hub = useRef<PushHub>({
    subscribe(signature, listener) {
      for (const push of received.current.get(signature) ?? []) listener(push)
      const set = listeners.current.get(signature) ?? new Set()
      set.add(listener)
      listeners.current.set(signature, set)
      return () => set.delete(listener)
    },
  })

  useEffect(() => {
    let current = true
    const stream = client.stream()
    const removers = [
      stream.on('transaction', (push) => {
        const list = received.current.get(push.signature) ?? []
        list.push(push)
        received.current.set(push.signature, list)
        for (const listener of listeners.current.get(push.signature) ?? []) listener(push)
      }),
      stream.on('open', () => current && setState('open')),
      stream.on('close', ({ willReconnect }) => current && setState(willReconnect ? 'connecting' : 'unavailable')),
      // A failed reconnect: the stream tries again by itself; polling covers the gap.
      stream.on('error', () => undefined),
    ]
    const opening = stream.connect().catch(() => {
      if (current) setState('unavailable')
    })
    return () => {
      current = false
      for (const remove of removers) remove()
      void stream.close()
      // A socket still opening when the page goes would open after this close: close it then too.
      void opening.then(() => stream.close())
    }
  }, [client])

  return { hub: hub.current, state }
}
