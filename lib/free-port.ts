/** A local TCP port: bound once to learn a number the OS says is free, then closed again. */
import { once } from 'node:events'
import { createServer } from 'node:net'

/**
 * A port on 127.0.0.1 that was free a moment ago and nothing listens on now: for a process to
 * be started on it, or as an address whose connections are refused.
 */
export async function getFreePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}
