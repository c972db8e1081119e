/**
 * Binds a grpc-js server to `host:port` (plaintext; see docs/security.md) and resolves with the
 * port it got. When the bind fails, grpc-js prints "E No address added out of total 1 resolved" to
 * stderr before it hands over the error, which says the same with the reason: that line is held
 * back, so an operator reads the one line the caller makes of the error (a ListenError).
 */
import { type Server, ServerCredentials, setLogger } from '@grpc/grpc-js'

/** What grpc-js logs, before the callback's error, when no address could be bound. */
const BIND_FAILURE_LOG = /^No address added out of total \d+ resolved$/

let quietBindFailures = false

/** grpc-js's own console logger (same prefixes), less the bind failure line every bind here reports through its error. */
function installQuietBindFailures(): void {
  if (quietBindFailures) return
  quietBindFailures = true
  setLogger({
    error: (message?: unknown, ...rest: unknown[]) => {
      if (typeof message === 'string' && BIND_FAILURE_LOG.test(message)) return
      console.error(`E ${String(message)}`, ...rest)
    },
    info: (message?: unknown, ...rest: unknown[]) => console.error(`I ${String(message)}`, ...rest),
    debug: (message?: unknown, ...rest: unknown[]) => console.error(`D ${String(message)}`, ...rest),
  })
}

/** Binds `server` to `host:port` and resolves with the bound port (the OS's choice for port 0). */
export function bindGrpcServer(server: Server, host: string, port: number): Promise<number> {
  installQuietBindFailures()
  return new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)))
  })
}
