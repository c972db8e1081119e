/**
 * The WebSocket stream (docs/api.md#websocket-stream): simulate, execute, send, submit and tips as
 * messages answered by id, transaction pushes as events, watched simulations. It reconnects when
 * the socket drops (refreshing a bearer token first when it is due), resends the idempotent
 * messages that were in flight (simulate, tips) and rejects the others with `connection_lost`
 * (the caller asks getTransaction or resends the same signed bytes, which the service dedups).
 * Back-pressure: at most `maxInFlight` messages wait for answers (the server's 32), and nothing is
 * written while more than `maxBufferedBytes` sits unsent in the socket. A simulate or tips refused
 * with rate_limited is sent again after its retry_after, as REST reads are.
 */
import type {
  ExecuteResponse,
  Policy,
  SendOptions,
  SendResponse,
  SimulateOptions,
  SimulateResponse,
  SubmitOptions,
  SubmitResponse,
  TipFloor,
} from '../api-types.js'
import type { Session } from '../auth/session.js'
import { PreflightError, fromStreamError, isPreflightError } from '../errors.js'
import { sleep, toAbortError } from '../http/abort.js'
import { toBase64Transaction, type TransactionInput } from '../transaction-input.js'
import { createAsyncQueue } from './async-queue.js'
import { createEmitter } from './event-emitter.js'
import { createFrameCodec, type FrameCodec } from './frame-codec.js'
import { createInFlightLimit, type InFlightLimit } from './in-flight-limit.js'
import { OPEN, connectWebSocket, type WebSocketLike } from './open-websocket.js'
import type { MessageOptions, StreamEvents, StreamOptions, TransactionPush } from './stream-types.js'
export type { MessageOptions, StreamEvents, StreamOptions, TransactionPush } from './stream-types.js'
import { createWatch, type SimulationUpdate, type Watch, type WatchHandle } from './watch.js'

/** A simulate or tips refused by the rate limit is sent again at most this often, when told to wait no longer than this. */
const MAX_RETRIES = 3
const MAX_RETRY_AFTER_SECONDS = 10

interface Pending {
  message: Record<string, unknown>
  /** Sent again after a reconnect rather than failed. */
  resend: boolean
  resolve(frame: Record<string, unknown>): void
  reject(error: unknown): void
}

export interface StreamDependencies {
  url: string
  session: Session
  /** Refreshes the bearer token (the client's single-flight refresh). */
  refresh(): Promise<void>
}

export class PreflightStream {
  private readonly emitter = createEmitter<StreamEvents>()
  private readonly pending = new Map<string, Pending>()
  private readonly watches = new Map<string, WatchHandle>()
  private socket: WebSocketLike | undefined
  private codec: FrameCodec | undefined
  private connecting: Promise<void> | undefined
  private closedByUser = false
  private nextId = 1
  private readonly inFlight: InFlightLimit

  constructor(
    private readonly dependencies: StreamDependencies,
    private readonly options: StreamOptions = {},
  ) {
    this.inFlight = createInFlightLimit(options.maxInFlight ?? 32)
  }

  /** Adds a listener (open, close, reconnect, transaction, error); returns its remover. */
  on<K extends keyof StreamEvents>(event: K, listener: (payload: StreamEvents[K]) => void): () => void {
    return this.emitter.on(event, listener)
  }

  /** Opens the socket (the first message does it too). */
  connect(): Promise<void> {
    this.closedByUser = false
    this.connecting ??= this.open().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  /** Closes the socket for good: pending messages reject with `connection_lost`, watches end. */
  async close(): Promise<void> {
    this.closedByUser = true
    const socket = this.socket
    this.socket = undefined
    this.failConnection('closed by the client', false)
    if (socket && socket.readyState <= OPEN) {
      await new Promise<void>((resolve) => {
        socket.onclose = () => resolve()
        socket.close(1000, 'client closed')
        setTimeout(resolve, 1000)
      })
    }
  }

  simulate(transaction: TransactionInput, options: SimulateOptions = {}, messageOptions: MessageOptions = {}): Promise<SimulateResponse> {
    return this.call<SimulateResponse>({ ...options, transaction: toBase64Transaction(transaction) }, true, messageOptions)
  }

  execute(
    transaction: TransactionInput,
    policyOverrides?: Policy,
    options: { wait_confirmation?: boolean } & MessageOptions = {},
  ): Promise<ExecuteResponse> {
    const { signal, ...body } = options
    return this.call<ExecuteResponse>(
      {
        type: 'execute',
        transaction: toBase64Transaction(transaction),
        ...(policyOverrides === undefined ? {} : { policy: policyOverrides }),
        ...body,
      },
      false,
      { signal },
    )
  }

  send(transaction: TransactionInput, options: SendOptions & MessageOptions = {}): Promise<SendResponse> {
    const { signal, ...body } = options
    return this.call<SendResponse>({ type: 'send', transaction: toBase64Transaction(transaction), ...body }, false, { signal })
  }

  submit(transaction: TransactionInput, options: SubmitOptions & MessageOptions): Promise<SubmitResponse> {
    const { signal, ...body } = options
    return this.call<SubmitResponse>({ type: 'submit', transaction: toBase64Transaction(transaction), ...body }, false, { signal })
  }

  tips(messageOptions: MessageOptions = {}): Promise<TipFloor> {
    return this.call<TipFloor>({ type: 'tips' }, true, messageOptions)
  }

  /** Simulates with `watch: true`: the first answer, then updates until the watch ends. */
  async watch(transaction: TransactionInput, options: SimulateOptions = {}, messageOptions: MessageOptions = {}): Promise<Watch> {
    // Not resent on a reconnect: a second watch would be charged again, and the first is gone with its socket.
    const first = await this.call<SimulateResponse & { subscription?: string }>(
      { ...options, transaction: toBase64Transaction(transaction), watch: true },
      false,
      messageOptions,
      (frame) => {
        // Registered as the answer is read, so an update in the next frame finds its watch.
        const subscription = frame.subscription
        if (typeof subscription === 'string' && frame.error === undefined) {
          const { id: _id, ...response } = frame
          this.watches.set(
            subscription,
            createWatch(subscription, response as unknown as SimulateResponse, (watch) => this.unsubscribe(watch)),
          )
        }
      },
    )
    const handle = first.subscription === undefined ? undefined : this.watches.get(first.subscription)
    if (!handle) throw new PreflightError({ code: 'shutting_down', message: 'the answer is not watched (the socket began shutting down)' })
    return handle.watch
  }

  /** Every transaction push, as an async iterator (until the stream is closed). */
  async *transactions(): AsyncGenerator<TransactionPush> {
    const queue = createAsyncQueue<TransactionPush>()
    const removers = [
      this.on('transaction', (push) => queue.push(push)),
      this.on('close', ({ willReconnect }) => willReconnect || queue.end()),
    ]
    try {
      yield* queue
    } finally {
      for (const remove of removers) remove()
    }
  }

  private async unsubscribe(watch: Watch): Promise<void> {
    await this.call({ type: 'unsubscribe', subscription: watch.subscription }, false, {})
  }

  /** One message and its answer; a refused idempotent one (rate_limited with retry_after) is sent again after the wait it was told. */
  private async call<T>(
    body: Record<string, unknown>,
    resend: boolean,
    messageOptions: MessageOptions,
    onAnswer?: (frame: Record<string, unknown>) => void,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.callOnce<T>(body, resend, messageOptions, onAnswer)
      } catch (error) {
        const waitSeconds = error instanceof PreflightError && error.code === 'rate_limited' ? error.retryAfter : null
        if (!resend || waitSeconds === null || waitSeconds > MAX_RETRY_AFTER_SECONDS || attempt > MAX_RETRIES) throw error
        await sleep(Math.max(waitSeconds * 1000, 50), messageOptions.signal)
      }
    }
  }

  private async callOnce<T>(
    body: Record<string, unknown>,
    resend: boolean,
    { signal }: MessageOptions,
    onAnswer?: (frame: Record<string, unknown>) => void,
  ): Promise<T> {
    if (signal?.aborted) throw toAbortError(signal)
    await this.inFlight.acquire(signal)
    const id = String(this.nextId++)
    const message = { id, ...body }
    try {
      return await new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          this.pending.delete(id)
          reject(toAbortError(signal))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        this.pending.set(id, {
          message,
          resend,
          resolve: (frame) => {
            signal?.removeEventListener('abort', onAbort)
            onAnswer?.(frame)
            const { id: _id, ...answer } = frame
            resolve(answer as T)
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort)
            reject(error)
          },
        })
        this.write(message).catch((error: unknown) => {
          this.pending.delete(id)
          signal?.removeEventListener('abort', onAbort)
          reject(error)
        })
      })
    } finally {
      this.inFlight.release()
    }
  }

  private async write(message: Record<string, unknown>): Promise<void> {
    if (!this.socket || this.socket.readyState !== OPEN) {
      // Opening sends everything pending, this message included.
      await this.connect()
      return
    }
    const limit = this.options.maxBufferedBytes ?? 1024 * 1024
    while (this.socket && this.socket.readyState === OPEN && this.socket.bufferedAmount > limit) await sleep(5)
    const socket = this.socket
    // A socket that dropped meanwhile: the reconnect resends what is pending.
    if (socket && socket.readyState === OPEN && this.codec) socket.send(this.codec.encode(message))
  }

  private async open(): Promise<void> {
    let reauthenticated = false
    for (let attempt = 0; ; attempt++) {
      if (this.closedByUser) throw new PreflightError({ code: 'connection_lost', message: 'the stream was closed' })
      try {
        await this.openOnce()
        if (this.hasConnected) this.emitter.emit('reconnect', { attempt })
        this.hasConnected = true
        this.emitter.emit('open', undefined)
        // What was in flight when the socket dropped (or waited for it) goes out now.
        for (const pending of this.pending.values()) this.socket?.send((this.codec as FrameCodec).encode(pending.message))
        return
      } catch (error) {
        const failure =
          error instanceof PreflightError ? error : new PreflightError({ code: 'network_error', message: String(error), cause: error })
        // A handshake refused for its bearer token, which openOnce has just refreshed: once more at once.
        if (failure.code === 'unauthorized' && !reauthenticated && this.dependencies.session.refreshToken) {
          reauthenticated = true
          continue
        }
        const limit = this.options.maxReconnectAttempts ?? Infinity
        if (!this.hasConnected || attempt >= limit || this.options.reconnect === false) throw failure
        this.emitter.emit('error', failure)
        await sleep(Math.min(5_000, 200 * 2 ** attempt))
      }
    }
  }

  private hasConnected = false

  private async openOnce(): Promise<void> {
    const { session } = this.dependencies
    if (session.usesBearer('either') && session.isExpiring()) await this.dependencies.refresh()
    this.codec ??= await createFrameCodec(this.options.encoding ?? 'json')
    let socket: WebSocketLike
    try {
      socket = await connectWebSocket({
        url: this.dependencies.url,
        apiKey: session.apiKey,
        headers: session.apiKey ? {} : session.getHeaders('bearer'),
        accessToken: session.apiKey ? undefined : session.token,
        WebSocket: this.options.WebSocket,
      })
    } catch (error) {
      // A refused handshake with a bearer token: refresh it before the next try.
      if (isPreflightError(error, 'unauthorized') && session.refreshToken) await this.dependencies.refresh().catch(() => undefined)
      throw error
    }
    // close() while the handshake ran: this socket is nobody's, so it must not stay open.
    if (this.closedByUser) {
      socket.close(1000, 'client closed')
      throw new PreflightError({ code: 'connection_lost', message: 'the stream was closed' })
    }
    this.socket = socket
    socket.onmessage = (event) => this.receive(event.data)
    socket.onclose = (event) => this.onSocketClosed(socket, event.code, event.reason)
  }

  private onSocketClosed(socket: WebSocketLike, code: number, reason: string): void {
    if (this.socket !== socket) return
    this.socket = undefined
    const willReconnect = !this.closedByUser && this.options.reconnect !== false
    this.failConnection(`the socket closed (${code})`, willReconnect)
    this.emitter.emit('close', { code, reason, willReconnect })
    if (willReconnect) {
      this.connect().catch((error: unknown) => {
        this.failConnection(String(error), false)
        this.emitter.emit(
          'error',
          error instanceof PreflightError ? error : new PreflightError({ code: 'connection_lost', message: String(error) }),
        )
      })
    }
  }

  /** Ends every watch, and rejects what cannot be resent (or everything when not reconnecting). */
  private failConnection(why: string, willReconnect: boolean): void {
    for (const handle of this.watches.values()) handle.end('connection_lost')
    this.watches.clear()
    for (const [id, pending] of this.pending) {
      if (willReconnect && pending.resend) continue
      this.pending.delete(id)
      pending.reject(
        new PreflightError({ code: 'connection_lost', message: `${why}: ask getTransaction, or resend the same signed bytes` }),
      )
    }
  }

  private receive(data: unknown): void {
    let frame: Record<string, unknown>
    try {
      frame = (this.codec as FrameCodec).decode(data)
    } catch {
      return
    }
    const id = frame.id
    if (id !== undefined && id !== null) {
      const pending = this.pending.get(String(id))
      if (!pending) return
      this.pending.delete(String(id))
      if (frame.error && typeof frame.error === 'object') pending.reject(fromStreamError(frame.error as Record<string, unknown>))
      else pending.resolve(frame)
      return
    }
    if (frame.type === 'transaction') return this.emitter.emit('transaction', frame as unknown as TransactionPush)
    if (frame.type === 'simulation_update')
      return this.watches.get(String(frame.subscription))?.update(frame as unknown as SimulationUpdate)
    if (frame.type === 'watch_end') {
      const subscription = String(frame.subscription)
      this.watches.get(subscription)?.end(String(frame.reason))
      this.watches.delete(subscription)
      return
    }
    if (frame.error && typeof frame.error === 'object') this.emitter.emit('error', fromStreamError(frame.error as Record<string, unknown>))
  }
}
