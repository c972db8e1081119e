/**
 * The demo buttons: each builds a real transaction in the browser against the local chain the
 * edge names in /app/config.json (`rpc_url`), hands it to the page, which simulates it at once.
 * The builders (and @solana/kit, and the Whirlpool client for the swap) load on first use.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { DemoTransaction } from '../demos/demo-chain.ts'
import { ErrorMessage } from '../components/error-message.tsx'
import { useAsync } from '../components/use-async.ts'

export type DemoName = 'transfer' | 'drain' | 'swap'

type Builder = (rpcUrl: string, signal?: AbortSignal) => Promise<DemoTransaction>

const DEMOS: Record<DemoName, { label: string; progress: string; load: () => Promise<Builder> }> = {
  transfer: {
    label: 'Transfer demo',
    progress: 'Building the transfer demo: airdropping 2 SOL to a fresh wallet on the local chain…',
    load: () => import('../demos/transfer-demo.ts').then((module) => module.buildTransferDemo),
  },
  drain: {
    label: 'Drain demo',
    progress: 'Building the drain demo: airdropping 2 SOL to a fresh victim wallet on the local chain…',
    load: () => import('../demos/drain-demo.ts').then((module) => module.buildDrainDemo),
  },
  swap: {
    label: 'Swap demo',
    progress: 'Building the swap demo: checking the Orca pool and airdropping 2 SOL to a fresh wallet…',
    load: () => import('../demos/swap-demo.ts').then((module) => module.buildSwapDemo),
  },
}

interface DemoConfig {
  rpc_url: string | null
}

async function loadDemoConfig(): Promise<DemoConfig> {
  const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`The dashboard's configuration did not load (HTTP ${response.status}).`)
  const body = (await response.json()) as Partial<DemoConfig>
  return { rpc_url: typeof body.rpc_url === 'string' && body.rpc_url !== '' ? body.rpc_url : null }
}

export function DemoPanel({ disabled, onBuilt }: { disabled: boolean; onBuilt: (name: DemoName, demo: DemoTransaction) => void }) {
  const config = useAsync(loadDemoConfig, [])
  const [running, setRunning] = useState<DemoName | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [built, setBuilt] = useState<{ name: DemoName; description: string } | undefined>(undefined)
  const controller = useRef<AbortController | undefined>(undefined)

  useEffect(() => () => controller.current?.abort(), [])

  const rpcUrl = config.value?.rpc_url ?? null
  const run = async (name: DemoName) => {
    if (!rpcUrl) return
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setRunning(name)
    setError(undefined)
    setBuilt(undefined)
    try {
      const build = await DEMOS[name].load()
      const demo = await build(rpcUrl, abort.signal)
      if (abort.signal.aborted) return
      setBuilt({ name, description: demo.description })
      onBuilt(name, demo)
    } catch (failure) {
      if (!abort.signal.aborted) setError(failure)
    } finally {
      if (controller.current === abort) setRunning(undefined)
    }
  }

  const unavailable = !config.loading && !config.error && rpcUrl === null
  return (
    <section class="card" aria-labelledby="pg-demos-title">
      <h2 id="pg-demos-title">Demos on the local chain</h2>
      {unavailable ? (
        <p data-testid="demos-unavailable">
          The demos need a local chain: start the service with <code>npm start</code>, which runs one, and reload this page.
        </p>
      ) : (
        <p class="hint">
          Each demo builds a real, signed transaction in your browser against the local chain
          {rpcUrl ? (
            <>
              {' '}
              (<code class="mono">{rpcUrl}</code>)
            </>
          ) : null}
          , puts it in the box above and simulates it.
        </p>
      )}
      <ErrorMessage error={config.error} />
      <div class="row" role="group" aria-label="Demos">
        {(Object.keys(DEMOS) as DemoName[]).map((name) => (
          <button
            key={name}
            type="button"
            class="secondary"
            data-demo={name}
            disabled={disabled || running !== undefined || rpcUrl === null}
            aria-busy={running === name ? 'true' : undefined}
            onClick={() => void run(name)}
          >
            {DEMOS[name].label}
          </button>
        ))}
      </div>
      <p role="status" class="hint pg-demo-status" data-testid="demo-status">
        {running ? DEMOS[running].progress : built ? `${DEMOS[built.name].label}: ${built.description}` : ''}
      </p>
      <ErrorMessage error={error} />
    </section>
  )
}
