/**
 * What happened to an executed transaction: the execute answer (docs/api.md#execute), then its
 * status as the stream pushes it (pending → processed → confirmed → finalized, or failed /
 * expired / dropped), falling back to reading its tracking every second when no push comes, and
 * once it landed the prediction against what landed (docs/api.md#tracking).
 */
import { useEffect, useState } from 'preact/hooks'
import type { ExecuteResponse, PreflightClient, TrackedTransaction } from '@preflight/sdk'
import { isPreflightError } from '@preflight/sdk'
import { CopyButton } from '../components/copy-button.tsx'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber } from '../components/format.ts'
import { OutcomeView } from './outcome-view.tsx'
import type { PushHub, StreamState } from './use-transaction-pushes.ts'

type Status = TrackedTransaction['status']

const ORDER: readonly Status[] = ['pending', 'processed', 'confirmed', 'finalized', 'failed', 'expired', 'dropped']
const FINAL: ReadonlySet<Status> = new Set(['finalized', 'failed', 'expired', 'dropped'])

const LABELS: Record<Status, { name: string; meaning: string }> = {
  pending: { name: 'Pending', meaning: 'sent, not seen on chain yet' },
  processed: { name: 'Processed', meaning: 'in a block the leader produced' },
  confirmed: { name: 'Confirmed', meaning: 'voted on by the cluster' },
  finalized: { name: 'Finalized', meaning: 'it cannot be rolled back' },
  failed: { name: 'Failed', meaning: 'landed with an error (the fee was paid)' },
  expired: { name: 'Expired', meaning: 'its blockhash ran out before it landed' },
  dropped: { name: 'Dropped', meaning: 'the relay will not land it' },
}

/** No push within this long after the execute answer: read the tracking instead. */
const PUSH_GRACE_MS = 3_000
/** After a push, this long without another (and no final status): read the tracking instead. */
const PUSH_SILENCE_MS = 20_000
const POLL_MS = 1_000
/** Polling stops after this long without a final status. */
const POLL_LIMIT_MS = 120_000

interface Step {
  status: Status
  at: Date
  via: 'execute' | 'push' | 'poll'
}

function addStep(steps: Step[], status: Status, via: Step['via']): Step[] {
  if (steps.some((step) => step.status === status)) return steps
  return [...steps, { status, at: new Date(), via }].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status))
}

function historyHref(signature: string): string {
  return `#/history?${new URLSearchParams({ signature }).toString()}`
}

export function ExecutionView({
  response,
  client,
  hub,
  streamState,
  decimals,
}: {
  response: ExecuteResponse
  client: PreflightClient
  hub: PushHub
  streamState: StreamState
  decimals: ReadonlyMap<string, number>
}) {
  const signature = response.action === 'submitted' ? response.signature : null
  const [steps, setSteps] = useState<Step[]>(() =>
    response.confirmation && signature ? [{ status: response.confirmation, at: new Date(), via: 'execute' }] : [],
  )
  const [record, setRecord] = useState<TrackedTransaction | undefined>(undefined)
  const [polling, setPolling] = useState(false)
  const [trackingError, setTrackingError] = useState<unknown>(undefined)

  useEffect(() => {
    if (!signature) return
    let current = true
    let lastPushMs: number | undefined
    let final = false
    let pollingNow = false
    let pollTimer: ReturnType<typeof setTimeout> | undefined
    let reading = false
    const startedMs = Date.now()

    const read = async (): Promise<TrackedTransaction | undefined> => {
      if (reading) return undefined
      reading = true
      try {
        const tracked = await client.getTransaction(signature)
        if (!current) return undefined
        if (FINAL.has(tracked.status)) final = true
        setTrackingError(undefined)
        setRecord(tracked)
        setSteps((previous) => addStep(previous, tracked.status, 'poll'))
        return tracked
      } catch (error) {
        // The tracking is written as the send happens: a read racing it may find nothing yet.
        if (current && !isPreflightError(error, 'not_found')) setTrackingError(error)
        return undefined
      } finally {
        reading = false
      }
    }

    const poll = async () => {
      await read()
      if (!current) return
      if (!final && Date.now() - startedMs < POLL_LIMIT_MS) {
        pollTimer = setTimeout(() => void poll(), POLL_MS)
      } else {
        pollingNow = false
        setPolling(false)
      }
    }

    const unsubscribe = hub.subscribe(signature, (push) => {
      if (!current) return
      lastPushMs = Date.now()
      if (FINAL.has(push.status)) final = true
      setSteps((previous) => addStep(previous, push.status, 'push'))
      // The push carries the status and the outcome; the prediction it is compared with is in the tracking record.
      if (push.outcome || FINAL.has(push.status)) void read()
    })

    // No push within the grace period (or none for a long while since the last): read the tracking every second.
    const watchdog = setInterval(() => {
      if (!current || final || pollingNow) return
      const quiet = lastPushMs === undefined ? Date.now() - startedMs >= PUSH_GRACE_MS : Date.now() - lastPushMs >= PUSH_SILENCE_MS
      if (!quiet) return
      pollingNow = true
      setPolling(true)
      void poll()
    }, PUSH_GRACE_MS)

    return () => {
      current = false
      unsubscribe()
      clearInterval(watchdog)
      if (pollTimer) clearTimeout(pollTimer)
    }
  }, [signature, client, hub])

  const latest = steps[steps.length - 1]?.status
  const landed = record?.outcome ?? null

  return (
    <section class="card" aria-labelledby="pg-execution-title" data-testid="execution">
      <h2 id="pg-execution-title">Execution</h2>
      <dl class="facts">
        <dt>Action</dt>
        <dd data-testid="execute-action">{response.action.replace('_', ' ')}</dd>
        <dt>Why</dt>
        <dd>{response.reason}</dd>
        {response.decision_reasons.length > 0 &&
        response.decision_reasons.map((reason) => reason.message).join('; ') !== response.reason ? (
          <>
            <dt>Rules</dt>
            <dd>{response.decision_reasons.map((reason) => reason.message).join('; ')}</dd>
          </>
        ) : null}
        <dt>Route</dt>
        <dd>{response.route.replace('_', ' ')}</dd>
        {signature ? (
          <>
            <dt>Signature</dt>
            <dd>
              <code class="mono" data-testid="execute-signature">
                {signature}
              </code>{' '}
              <CopyButton value={signature} label="Copy signature" />
            </dd>
            <dt>Sends</dt>
            <dd>{formatNumber(response.attempts)}</dd>
          </>
        ) : null}
      </dl>

      {signature ? (
        <>
          <h3>Status</h3>
          <div data-testid="execution-status" aria-live="polite" data-status={latest ?? ''} class="pg-status">
            <ol class="pg-steps">
              {steps.map((step) => (
                <li key={step.status} data-status={step.status} class={`pg-step pg-step-${step.status}`}>
                  <strong class="pg-step-name">{LABELS[step.status].name}</strong>: {LABELS[step.status].meaning}
                  <span class="hint">
                    {' '}
                    · {step.at.toLocaleTimeString('en-GB')}
                    {step.status !== 'pending' && record?.landed_slot ? ` · slot ${formatNumber(record.landed_slot)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
            {latest && !FINAL.has(latest) ? (
              <p class="hint">{latest === 'confirmed' ? 'Waiting for finalized…' : 'Waiting for the next status…'}</p>
            ) : null}
          </div>
          <p class="hint">
            {polling
              ? 'No push arrived: reading the tracking every second.'
              : streamState === 'open'
                ? 'Live updates from the WebSocket stream.'
                : streamState === 'connecting'
                  ? 'Connecting to the live stream…'
                  : 'The live stream is unavailable: the status is read from the tracking instead.'}
          </p>
          <ErrorMessage error={trackingError} />
          {record && landed ? <OutcomeView record={record} decimals={decimals} /> : null}
          {record && !landed && (record.status === 'expired' || record.status === 'dropped') ? (
            <p data-testid="outcome-missing">
              It never landed ({record.status}
              {record.drop_reason ? `: ${record.drop_reason}` : ''}): there is no outcome to compare with the prediction.
            </p>
          ) : null}
          <p>
            <a href={historyHref(signature)} data-testid="history-link">
              Find it in history
            </a>
          </p>
        </>
      ) : (
        <p data-testid="execute-not-sent">Nothing was sent.</p>
      )}
    </section>
  )
}
