/**
 * A local TCP port for a server a test or bench is about to start, claimed so that no other
 * process of the run is handed it meanwhile.
 *
 * Why not the OS's "port 0": a port it offered is free again as soon as the probe closes, and the
 * next process on the machine that listens on port 0, or connects anywhere, may be given the same
 * number before our server binds it: a parallel test's server then answered our /health. So ports
 * come from below the ephemeral range (which port 0 and outgoing connections draw from; Linux's
 * default starts at 32768), and each is claimed by a file in a directory every process of the
 * machine shares, held until the claiming process ends.
 */
import { once } from 'node:events'
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isProcessAlive } from './process-alive.js'

/** Above every embedded default port (8080, 8899–8902, 10000, 50051…), below the ephemeral range. */
const FIRST_PORT = 20_000
const LAST_PORT = 32_767
/** A claim older than this is stale even if its PID lives: the PID may have been reused. */
const CLAIM_LIFETIME_MS = 6 * 3_600_000
/** A claim file with no PID yet is being written; past this it was abandoned half-made. */
const CLAIM_WRITE_MS = 10_000

export interface PortAllocatorOptions {
  /** Where claims are kept: one file per port, holding the claiming PID. */
  claimDirectory: string
  firstPort: number
  lastPort: number
}

/** Whether an existing claim's process ended (or it is too old to trust), so the port may be claimed again. */
function isClaimStale(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, 'utf8'))
    const age = Date.now() - statSync(path).mtimeMs
    if (!Number.isInteger(pid) || pid <= 0) return age > CLAIM_WRITE_MS
    return !isProcessAlive(pid) || age > CLAIM_LIFETIME_MS
  } catch {
    return false // it went away meanwhile, or is not ours to read: try another port
  }
}

/**
 * Removes the claim at `path` if it is stale. One process at a time decides, under a lock file:
 * two that both saw it stale would otherwise both remove it, the second removing the first's new claim.
 */
function removeStaleClaim(path: string): void {
  const lock = `${path}.takeover`
  try {
    closeSync(openSync(lock, 'wx'))
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > CLAIM_WRITE_MS) unlinkSync(lock) // its holder died mid-way
    } catch {
      // gone meanwhile
    }
    return
  }
  try {
    if (isClaimStale(path)) unlinkSync(path)
  } catch {
    // gone meanwhile, or not ours to remove
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Claims `port` for this process; false when another living process (or this one) holds the claim. */
function claimPort(directory: string, port: number): boolean {
  const path = join(directory, String(port))
  for (let round = 0; round < 2; round++) {
    try {
      const fd = openSync(path, 'wx', 0o644)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true // no shared directory here: the bind probe alone decides
      if (round > 0) return false
      removeStaleClaim(path)
    }
  }
  return false
}

/** Whether `port` can be bound on `host` now (nothing listens there; on 0.0.0.0: on no local address). */
export async function canListen(port: number, host = '0.0.0.0'): Promise<boolean> {
  const probe = createServer()
  try {
    probe.listen(port, host)
    await once(probe, 'listening')
    return true
  } catch {
    return false
  } finally {
    if (probe.listening) await new Promise<void>((resolve) => probe.close(() => resolve()))
  }
}

/** A getFreePort over `options`' range and claim directory. */
export function createPortAllocator(options: PortAllocatorOptions): () => Promise<number> {
  const { claimDirectory, firstPort, lastPort } = options
  const size = lastPort - firstPort + 1
  let directoryReady = false
  return async () => {
    if (!directoryReady) {
      mkdirSync(claimDirectory, { recursive: true })
      // Shared like /tmp itself (sticky): a test may run a process as another user, and it claims too.
      try {
        chmodSync(claimDirectory, 0o1777)
      } catch {
        // another user made it; it is already shared
      }
      directoryReady = true
    }
    // Random starting point, then every port once: parallel callers rarely race for the same file.
    const offset = Math.floor(Math.random() * size)
    for (let step = 0; step < size; step++) {
      const port = firstPort + ((offset + step) % size)
      if (!claimPort(claimDirectory, port)) continue
      if (await canListen(port)) return port
      // Something outside the claims listens there: the claim stays, so no one else tries it either.
    }
    throw new Error(`no free port between ${firstPort} and ${lastPort}: every one is claimed or in use`)
  }
}

/**
 * A port on this machine that nothing listens on, claimed for this process until it ends: for a
 * process to be started on it, or as an address whose connections are refused. A port handed out
 * to any process of the machine is not handed out again while that process runs, so the ports of
 * one set-up (a service's REST, gRPC, RPC, PubSub…) are distinct, and parallel test files never share.
 */
export const getFreePort = createPortAllocator({
  claimDirectory: join(tmpdir(), 'preflight-port-claims'),
  firstPort: FIRST_PORT,
  lastPort: LAST_PORT,
})
