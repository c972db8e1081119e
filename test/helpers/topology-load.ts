/**
 * Clients for a test of several edges: what a load balancer in front of them does, and users who
 * keep simulating through it over REST and over the WebSocket stream while the test kills and
 * restarts processes behind it, each tallying every answer it got.
 *
 * The balancer does what any HTTP load balancer does with a backend that is going away (haproxy's
 * `retry-on conn-failure 503`, nginx's `proxy_next_upstream`): a request whose connection was
 * refused or reset before an answer, or answered `503 shutting_down`, goes to the next edge. An edge
 * that stops closes its listener first and answers what it already read (edge/connection-drain.ts),
 * so these are the only two ways a client meets a stopping edge.
 */
import WebSocket from 'ws'

export interface EdgeBalancer {
  /** `init` sent to the edges in turn, the next edge after a refused or dropped connection or a 503 shutting_down. */
  request(path: string, init?: RequestInit): Promise<Response>
  /** Requests passed to another edge so far, by why. */
  readonly passedOn: { connection: number; shuttingDown: number }
}

export function createEdgeBalancer(origins: readonly string[]): EdgeBalancer {
  let next = 0
  const passedOn = { connection: 0, shuttingDown: 0 }
  return {
    passedOn,
    async request(path, init) {
      const first = next++ % origins.length
      let lastError: unknown
      // Two rounds: an edge restarting may refuse once and be back when its turn comes again.
      for (let attempt = 0; attempt < origins.length * 2; attempt++) {
        const origin = origins[(first + attempt) % origins.length] as string
        let response: Response
        try {
          response = await fetch(`${origin}${path}`, init)
        } catch (error) {
          lastError = error
          passedOn.connection++
          await new Promise((resolve) => setTimeout(resolve, 50))
          continue
        }
        if (response.status === 503) {
          const text = await response.text()
          if (text.includes('"shutting_down"')) {
            passedOn.shuttingDown++
            continue
          }
          return new Response(text, { status: response.status, headers: response.headers })
        }
        return response
      }
      throw lastError ?? new Error('every edge answered shutting_down')
    },
  }
}

export interface LoadTally {
  /** Simulations answered (HTTP 200, or a stream answer without error). */
  ok: number
  /** Everything else, with what it was and when (the wall clock's time of day, to line up with the test's timeline). */
  failures: string[]
  /** Stream messages sent again on another socket: their socket closed, or answered shutting_down, first. */
  resent: number
}

export interface LoadRun {
  readonly tally: LoadTally
  /** Stops sending and resolves once every call in flight was answered. */
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The time of day to the millisecond (UTC), which a failure is tagged with. */
export const timeOfDay = (): string => new Date().toISOString().slice(11, 23)

/**
 * Simulates `transactions` (base64, in turn) with `apiKey` through `balancer`, one call at a time
 * every `intervalMs` (under the free plan's 10 a second), until stopped.
 */
export function runRestLoad(balancer: EdgeBalancer, apiKey: string, transactions: readonly string[], intervalMs: number): LoadRun {
  const tally: LoadTally = { ok: 0, failures: [], resent: 0 }
  let stopped = false
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const started = Date.now()
      try {
        const response = await balancer.request('/api/v1/solana/tx/simulate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify({ transaction: transactions[i % transactions.length] }),
        })
        const text = await response.text()
        if (response.status === 200) tally.ok++
        else tally.failures.push(`${timeOfDay()} ${response.status} ${text.slice(0, 200)}`)
      } catch (error) {
        tally.failures.push(`${timeOfDay()} no answer: ${String(error)}`)
      }
      await sleep(Math.max(0, intervalMs - (Date.now() - started)))
    }
  })()
  return {
    tally,
    async stop() {
      stopped = true
      await loop
    },
  }
}

/**
 * Simulates `transactions` over the WebSocket stream with `apiKey`, one message at a time every
 * `intervalMs`, as a client that reconnects does: when its socket closes (an edge going away, 1001)
 * or a message is answered `shutting_down`, it opens a socket on the next edge and sends the
 * unanswered message again. Any other error answer, or a message never answered, is a failure.
 */
export function runStreamLoad(origins: readonly string[], apiKey: string, transactions: readonly string[], intervalMs: number): LoadRun {
  const tally: LoadTally = { ok: 0, failures: [], resent: 0 }
  let stopped = false
  let edge = 0
  const open = async (): Promise<WebSocket> => {
    for (let attempt = 0; ; attempt++) {
      const origin = (origins[edge++ % origins.length] as string).replace(/^http/, 'ws')
      const socket = new WebSocket(`${origin}/api/v1/solana/stream?api_key=${encodeURIComponent(apiKey)}`)
      const opened = await new Promise<boolean>((resolve) => {
        socket.once('open', () => resolve(true))
        socket.once('error', () => resolve(false))
      })
      if (opened) return socket
      if (attempt > origins.length * 20) throw new Error('no edge accepts a WebSocket')
      await sleep(50)
    }
  }
  /** The answer to `message` on `socket`, or undefined when the socket closed first. */
  const ask = (socket: WebSocket, message: { id: number; transaction: string }) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const answer = JSON.parse(data.toString()) as Record<string, unknown>
        if (answer.id !== message.id) return
        cleanup()
        resolve(answer)
      }
      const onClose = () => {
        cleanup()
        resolve(undefined)
      }
      const cleanup = () => {
        socket.off('message', onMessage)
        socket.off('close', onClose)
      }
      socket.on('message', onMessage)
      socket.once('close', onClose)
      if (socket.readyState !== WebSocket.OPEN) return onClose()
      socket.send(JSON.stringify(message))
    })
  const loop = (async () => {
    let socket = await open()
    for (let id = 1; !stopped; id++) {
      const started = Date.now()
      const message = { id, transaction: transactions[id % transactions.length] as string }
      for (;;) {
        const answer = await ask(socket, message)
        const error = answer?.error as { code?: string } | undefined
        if (answer && !error) {
          tally.ok++
          break
        }
        if (answer && error?.code !== 'shutting_down') {
          tally.failures.push(`${timeOfDay()} stream error ${JSON.stringify(error)}`)
          break
        }
        tally.resent++
        socket.terminate()
        socket = await open()
      }
      await sleep(Math.max(0, intervalMs - (Date.now() - started)))
    }
    socket.close()
  })()
  return {
    tally,
    async stop() {
      stopped = true
      await loop.catch((error: unknown) => {
        tally.failures.push(`${timeOfDay()} stream client: ${String(error)}`)
      })
    },
  }
}
