/** A local TCP port: bound once to learn a number the OS says is free, then closed again. */
import { once } from 'node:events'
import { createServer } from 'node:net'

/** Ports this process handed out lately: the OS may offer a port again as soon as its probe closed. */
const handedOut = new Set<number>()
const HANDED_OUT_MAX = 4_096
const ATTEMPTS = 20

async function probePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * A port on 127.0.0.1 that was free a moment ago and nothing listens on now: for a process to
 * be started on it, or as an address whose connections are refused. Never one this process was
 * given lately, so the ports of one set-up (a service's REST, gRPC, RPC, PubSub…) are distinct.
 */
export async function getFreePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = await probePort()
    if (handedOut.has(port)) continue
    handedOut.add(port)
    if (handedOut.size > HANDED_OUT_MAX) handedOut.delete(handedOut.values().next().value as number)
    return port
  }
  throw new Error(`no port this process was not already given, in ${ATTEMPTS} attempts`)
}
