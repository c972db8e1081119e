/**
 * For the micro benchmark's stream mode: localnet in a process of its own, as the chain is
 * elsewhere in production, with its slots advancing every 400 ms, and the traffic generator in
 * a third process landing transactions on it. What the benchmark process then pays is the
 * engine's share only: following the geyser stream (slots, blocks, the clock, account updates,
 * landed transactions into the fee window).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { getFreePort } from '../../lib/free-port.js'
import { endWithParent } from './end-with-parent.js'
import { stopChild } from './stop-child.js'
import { withLaunchNodeOptions } from './launch-node-options.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface RemoteChain {
  rpcUrl: string
  geyserUrl: string
  /** Stops traffic, then localnet. */
  close(): Promise<void>
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: withLaunchNodeOptions({ ...process.env, LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  endWithParent(child)
  return child
}

async function waitForRpc(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`localnet exited with ${child.exitCode}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: [] }),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`localnet did not answer within ${timeoutMs} ms`)
}

/** Starts localnet and `trafficRate` tx/s of traffic on it, each in its own process. */
export async function startRemoteChain(trafficRate: number): Promise<RemoteChain> {
  const [rpcPort, geyserPort, relayPort, wsPort] = [await getFreePort(), await getFreePort(), await getFreePort(), await getFreePort()]
  const rpcUrl = `http://127.0.0.1:${rpcPort}`
  const localnet = start('localnet/main.ts', {
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_GEYSER_PORT: String(geyserPort),
    LOCALNET_RELAY_PORT: String(relayPort),
    LOCALNET_WS_PORT: String(wsPort),
  })
  try {
    await waitForRpc(rpcUrl, localnet, 30_000)
  } catch (error) {
    await stopChild(localnet, 5_000)
    throw error
  }
  const traffic = startTraffic(rpcUrl, trafficRate)
  return {
    rpcUrl,
    geyserUrl: `http://127.0.0.1:${geyserPort}`,
    async close() {
      await traffic.close()
      await stopChild(localnet, 5_000)
    },
  }
}

/** Starts `npm run localnet:traffic` at `trafficRate` tx/s against the localnet at `rpcUrl`, in its own process. */
export function startTraffic(rpcUrl: string, trafficRate: number): { close(): Promise<void> } {
  const traffic = start('localnet/traffic/main.ts', { LOCALNET_RPC_URL: rpcUrl, TRAFFIC_RATE: String(trafficRate) })
  return { close: () => stopChild(traffic, 5_000) }
}
