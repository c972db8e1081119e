/**
 * The playground: paste a transaction (or build one with a demo on the local chain), simulate it
 * under a policy preset and read the verdict card; execute a signed one and watch it land, its
 * status pushed over the WebSocket stream, then the prediction against what landed.
 */
import { useMemo, useRef, useState } from 'preact/hooks'
import type { ExecuteResponse, SimulateResponse } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import type { DemoTransaction } from '../demos/demo-chain.ts'
import { DemoPanel, type DemoName } from '../playground/demo-panel.tsx'
import { ExecutionView } from '../playground/execution-view.tsx'
import { useTransactionPushes } from '../playground/use-transaction-pushes.ts'
import { VerdictCard } from '../playground/verdict-card.tsx'
import { getSignatureState, type SignatureState } from '../playground/wire-transaction.ts'
import { useSession } from '../session/session-context.ts'
import '../playground/playground.css'

type Preset = 'default' | 'strict' | 'permissive'

const PRESETS: readonly { value: Preset; label: string }[] = [
  { value: 'default', label: 'Default: blocks critical risk, blacklisted programs and failed simulations' },
  { value: 'strict', label: 'Strict: also blocks high risk, slippage over 1 % and sandwich exposure over 0.5 %' },
  { value: 'permissive', label: 'Permissive: tolerates any MEV score and up to 3 % sandwich exposure' },
]

function signatureHint(state: SignatureState): string {
  switch (state.kind) {
    case 'empty':
      return 'Paste a transaction or run a demo.'
    case 'invalid':
      return 'This is not a base64 Solana transaction.'
    case 'unsigned':
      return `Unsigned (${state.present} of ${state.required} signature${state.required === 1 ? '' : 's'}): it can be simulated; executing needs every signature.`
    case 'signed':
      return `Signed (${state.required} signature${state.required === 1 ? '' : 's'}): it can be simulated and executed on the local chain.`
  }
}

interface Execution {
  transaction: string
  response: ExecuteResponse
  /** Decimals of the mints the simulation saw, for the outcome's amounts. */
  decimals: ReadonlyMap<string, number>
}

export function PlaygroundPage() {
  const { client } = useSession()
  const { hub, state: streamState } = useTransactionPushes(client)
  const [text, setText] = useState('')
  const [preset, setPreset] = useState<Preset>('default')
  // A demo simulates when it is built: under the preset chosen then, not when its button was pressed.
  const presetRef = useRef(preset)
  presetRef.current = preset
  const [result, setResult] = useState<{ transaction: string; response: SimulateResponse } | undefined>(undefined)
  const [simulating, setSimulating] = useState(false)
  const [simulateError, setSimulateError] = useState<unknown>(undefined)
  const [executing, setExecuting] = useState(false)
  const [executeError, setExecuteError] = useState<unknown>(undefined)
  const [execution, setExecution] = useState<Execution | undefined>(undefined)
  const [announcement, setAnnouncement] = useState('')

  const transaction = text.trim()
  const signatureState = useMemo(() => getSignatureState(transaction), [transaction])

  const simulate = async (bytes: string) => {
    if (bytes === '') return
    setSimulating(true)
    setSimulateError(undefined)
    setAnnouncement('Simulating…')
    try {
      const response = await client.simulate(bytes, { policy: presetRef.current })
      setResult({ transaction: bytes, response })
      setAnnouncement(`Verdict: ${response.decision}.`)
    } catch (error) {
      setSimulateError(error)
      setAnnouncement('')
    } finally {
      setSimulating(false)
    }
  }

  const execute = async () => {
    if (signatureState.kind !== 'signed') return
    setExecuting(true)
    setExecuteError(undefined)
    setExecution(undefined)
    setAnnouncement('Executing…')
    try {
      const response = await client.execute(transaction, preset)
      const decimals = new Map<string, number>()
      if (result?.transaction === transaction) {
        for (const change of result.response.balance_changes)
          if (change.mint && change.decimals !== null) decimals.set(change.mint, change.decimals)
      }
      setExecution({ transaction, response, decimals })
      setAnnouncement(response.action === 'submitted' ? 'Sent: watching its status.' : `Not sent: ${response.action.replace('_', ' ')}.`)
    } catch (error) {
      setExecuteError(error)
      setAnnouncement('')
    } finally {
      setExecuting(false)
    }
  }

  const onDemoBuilt = (_name: DemoName, demo: DemoTransaction) => {
    setText(demo.transaction)
    setExecution(undefined)
    setExecuteError(undefined)
    void simulate(demo.transaction)
  }

  return (
    <div class="playground">
      <p>
        Simulate a Solana transaction and read what the service judges: the verdict, what it does to each signer, and why. A signed one can
        be executed on the local chain, and what lands is compared with what was predicted.
      </p>
      <form
        class="card"
        aria-labelledby="pg-input-title"
        onSubmit={(event) => {
          event.preventDefault()
          void simulate(transaction)
        }}
      >
        <h2 id="pg-input-title">Transaction</h2>
        <label for="pg-transaction">Transaction (base64)</label>
        <textarea
          id="pg-transaction"
          name="transaction"
          rows={6}
          spellcheck={false}
          autocomplete="off"
          aria-describedby="pg-transaction-hint"
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <p id="pg-transaction-hint" class="hint" data-testid="signature-state">
          {signatureHint(signatureState)}
        </p>
        <label for="pg-policy">Policy</label>
        <select id="pg-policy" name="policy" value={preset} onChange={(event) => setPreset(event.currentTarget.value as Preset)}>
          {PRESETS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div class="row pg-actions">
          <button type="submit" disabled={simulating || transaction === ''} aria-busy={simulating ? 'true' : undefined}>
            Simulate
          </button>
          <button
            type="button"
            disabled={executing || signatureState.kind !== 'signed'}
            aria-busy={executing ? 'true' : undefined}
            aria-describedby="pg-execute-hint"
            onClick={() => void execute()}
          >
            Execute
          </button>
        </div>
        <p id="pg-execute-hint" class="hint">
          Execute simulates the transaction again, judges it under the policy and sends it to the local chain only when the policy lets it
          through.
        </p>
        <p role="status" class="pg-announcement" data-testid="playground-status">
          {announcement}
        </p>
        <ErrorMessage error={simulateError} />
        <ErrorMessage error={executeError} />
      </form>

      <DemoPanel disabled={simulating} onBuilt={onDemoBuilt} />

      {result ? <VerdictCard result={result.response} stale={result.transaction !== transaction} /> : null}

      {execution ? (
        <ExecutionView
          key={execution.response.signature ?? execution.transaction}
          response={execution.response}
          client={client}
          hub={hub}
          streamState={streamState}
          decimals={execution.decimals}
        />
      ) : null}
    </div>
  )
}
