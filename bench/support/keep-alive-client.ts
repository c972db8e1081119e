/**
 * A sequential HTTP/1.1 client on one kept-alive loopback connection (node:http, no dependency),
 * for per-request latency. Request options are built once per body length; a timed request
 * allocates only what node:http itself does.
 */
import { Agent, request, type RequestOptions } from 'node:http'
import type { Socket } from 'node:net'

export interface HttpAnswer {
  status: number
  /** The response body when asked for, else empty. */
  body: Buffer
}

export interface KeepAliveClient {
  /** POSTs `body` (JSON); with `keepBody` the response body is collected, else discarded. */
  post(body: Buffer, keepBody?: boolean): Promise<HttpAnswer>
  /** Sockets opened so far (1 when keep-alive held for the whole run). */
  readonly socketsOpened: number
  close(): void
}

const EMPTY = Buffer.alloc(0)
const ignore = () => undefined

/** A client POSTing JSON to `http://host:port{path}`, with `headers` (e.g. `x-api-key`) on every request. */
export function createKeepAliveClient(
  host: string,
  port: number,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): KeepAliveClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const seen = new WeakSet<Socket>()
  let socketsOpened = 0
  const optionsByLength = new Map<number, RequestOptions>()

  function getOptions(length: number): RequestOptions {
    let options = optionsByLength.get(length)
    if (!options) {
      options = {
        agent,
        host,
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(length) },
      }
      optionsByLength.set(length, options)
    }
    return options
  }

  function countSocket(socket: Socket): void {
    if (seen.has(socket)) return
    seen.add(socket)
    socketsOpened++
  }

  return {
    post(body, keepBody = false) {
      return new Promise<HttpAnswer>((resolve, reject) => {
        const req = request(getOptions(body.length), (res) => {
          const chunks: Buffer[] = []
          res.on('data', keepBody ? (chunk: Buffer) => chunks.push(chunk) : ignore)
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: keepBody ? Buffer.concat(chunks) : EMPTY }))
          res.on('error', reject)
        })
        req.on('socket', countSocket)
        req.on('error', reject)
        req.end(body)
      })
    },
    get socketsOpened() {
      return socketsOpened
    },
    close() {
      agent.destroy()
    },
  }
}

/** The part of undici's API used here (typed locally: undici is not a declared dependency). */
interface UndiciBody {
  dump(): Promise<void>
  arrayBuffer(): Promise<ArrayBuffer>
}
interface UndiciClient {
  request(options: {
    path: string
    method: string
    headers: Record<string, string>
    body: Buffer
  }): Promise<{ statusCode: number; body: UndiciBody }>
  on(event: 'connect', listener: () => void): unknown
  close(): Promise<void>
}
interface UndiciModule {
  Client: new (origin: string, options?: { pipelining?: number; keepAliveTimeout?: number }) => UndiciClient
}

/**
 * The same client on undici's Client (one connection, no pipelining), when undici is in
 * node_modules (it is only a transitive dev dependency here: --http-client=undici is opt-in).
 */
export async function createUndiciKeepAliveClient(
  host: string,
  port: number,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<KeepAliveClient> {
  const moduleName = 'undici'
  let undici: UndiciModule
  try {
    undici = (await import(moduleName)) as UndiciModule
  } catch (error) {
    throw new Error(`--http-client=undici needs undici in node_modules (${(error as Error).message})`, { cause: error })
  }
  const client = new undici.Client(`http://${host}:${port}`, { pipelining: 1, keepAliveTimeout: 120_000 })
  let socketsOpened = 0
  client.on('connect', () => {
    socketsOpened++
  })
  const headersByLength = new Map<number, Record<string, string>>()
  const getHeaders = (length: number) => {
    let byLength = headersByLength.get(length)
    if (!byLength) {
      byLength = { ...headers, 'content-type': 'application/json', 'content-length': String(length) }
      headersByLength.set(length, byLength)
    }
    return byLength
  }
  return {
    async post(body, keepBody = false) {
      const response = await client.request({ path, method: 'POST', headers: getHeaders(body.length), body })
      if (!keepBody) {
        await response.body.dump()
        return { status: response.statusCode, body: EMPTY }
      }
      return { status: response.statusCode, body: Buffer.from(await response.body.arrayBuffer()) }
    },
    get socketsOpened() {
      return socketsOpened
    },
    close() {
      void client.close()
    },
  }
}
