/**
 * A session on a Node process's inspector (`node --inspect=host:port`): its first target, the main
 * thread, over the DevTools protocol's WebSocket. Used by the bench tools that drive V8 from outside
 * the service (a forced full collection, the sampling heap profiler).
 */
import WebSocket from 'ws'

export interface InspectorSession {
  /** Sends one protocol command and resolves with its result; rejects with the protocol's error. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>
  close(): void
}

interface ProtocolReply {
  id?: number
  result?: unknown
  error?: { message: string }
}

export async function openInspector(port: number): Promise<InspectorSession> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>
  const url = targets[0]?.webSocketDebuggerUrl
  if (!url) throw new Error('the process exposes no inspector target')
  // A heap profile is one large message: no payload limit.
  const socket = new WebSocket(url, { maxPayload: 0 })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as ProtocolReply
    const pending = reply.id === undefined ? undefined : waiting.get(reply.id)
    if (!pending || reply.id === undefined) return // an event
    waiting.delete(reply.id)
    if (reply.error) pending.reject(new Error(reply.error.message))
    else pending.resolve(reply.result)
  })
  socket.once('close', () => {
    for (const pending of waiting.values()) pending.reject(new Error('the inspector closed'))
    waiting.clear()
  })
  return {
    call(method, params = {}) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        socket.send(JSON.stringify({ id, method, params }))
      })
    },
    close() {
      socket.close()
    },
  }
}
