/** A port nothing listens on: bound once to learn a free number, then closed. */
import { once } from 'node:events'
import { createServer } from 'node:net'

/** A local TCP port that was free a moment ago and is closed now (connections to it are refused). */
export async function getClosedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}
