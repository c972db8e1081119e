/**
 * The service as the GC tools measure it: localnet and its traffic in processes of their own, the
 * service with its inspector open on a free port (and any more Node flags), and a saturation load
 * of one door over distinct transactions, primed for 3 s. Shared by bench:gc and bench:alloc,
 * which differ only in what they do through the inspector while the load runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getFreePort } from '../../lib/free-port.js'
import { callRpc } from '../load/load-stack.js'
import { startRemoteChain } from '../support/remote-chain.js'
import { startServiceProcess } from '../floor/service-process.js'
import type { ServiceEntry } from '../support/service-build.js'
import { startSaturationLoad, type SaturationDoor, type SaturationLoad } from '../floor/service-saturation-load.js'
import { createUniqueTransactions } from '../floor/unique-transactions.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface InspectedServiceOptions {
  door: SaturationDoor
  connections: number
  /** Node flags for the service after `--inspect`. */
  nodeArgs?: string[]
  /** A file in the work directory (by name) that takes the service's stdout, e.g. V8's trace lines. */
  stdoutFileName?: string
  /** The compiled build (default) or the sources through tsx (`--source`). */
  entry?: ServiceEntry
}

export interface InspectedService {
  /** The service's inspector port (openInspector). */
  inspectorPort: number
  /** The saturation load, primed. */
  load: SaturationLoad
  /** The path of `stdoutFileName` in workDir, when given. */
  stdoutFile: string | undefined
}

/** Starts the chain and the service, primes the load, runs `measure`, then stops both and removes the work directory. */
export async function withInspectedServiceUnderLoad<Result>(
  options: InspectedServiceOptions,
  measure: (service: InspectedService) => Promise<Result>,
): Promise<Result> {
  const workDir = mkdtempSync(join(tmpdir(), 'preflight-inspected-'))
  const stdoutFile = options.stdoutFileName === undefined ? undefined : join(workDir, options.stdoutFileName)
  const inspectorPort = await getFreePort()
  const chain = await startRemoteChain(20)
  try {
    const service = await startServiceProcess({
      root: ROOT,
      chain: { rpcUrl: chain.rpcUrl, geyserUrl: chain.geyserUrl },
      nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`, ...(options.nodeArgs ?? [])],
      stdoutFile,
      entry: options.entry,
    })
    try {
      const { value } = await callRpc<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', [{ commitment: 'processed' }])
      const transactions = createUniqueTransactions(3072, value.blockhash)
      const load = startSaturationLoad(options.door, service, transactions, options.connections, workDir)
      try {
        await load.run(3, 'prime')
        return await measure({ inspectorPort, load: load.run, stdoutFile })
      } finally {
        await load.close()
      }
    } finally {
      await service.close()
    }
  } finally {
    await chain.close()
    rmSync(workDir, { recursive: true, force: true })
  }
}
