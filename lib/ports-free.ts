/**
 * Every port a process is about to listen on, tried before anything starts: a second copy of the
 * service is told of all its busy ports in one go (one line each, naming the variable), not one
 * per attempt. Each is bound and released at once; what happens between this check and the real
 * listen is still caught there (toListenError).
 */
import { once } from 'node:events'
import { createServer } from 'node:net'
import { isListenError, ListenErrors, toListenError, type ListenError } from './listen-error.js'

export interface PlannedListener {
  /** The setting that names the port, e.g. PORT. */
  readonly variable: string
  readonly host: string
  /** 0 (the OS picks one) is never busy. */
  readonly port: number
}

/** Resolves when every listener's address can be bound; else rejects with all the ones that cannot (ListenErrors). */
export async function assertPortsFree(listeners: readonly PlannedListener[]): Promise<void> {
  const failures: ListenError[] = []
  for (const { variable, host, port } of listeners) {
    if (port === 0) continue
    const server = createServer()
    try {
      server.listen({ host, port, exclusive: true })
      await once(server, 'listening')
    } catch (error) {
      const named = toListenError(error, variable, `${host}:${port}`)
      // Anything else (a host that is not this machine's) is left to the real listen to report.
      if (isListenError(named)) failures.push(named)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  if (failures.length > 0) throw new ListenErrors(failures)
}
