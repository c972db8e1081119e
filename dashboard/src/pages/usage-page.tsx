/**
 * Usage and billing (docs/billing.md): the plan's prices, this period's figures and amount due, the
 * subscription, and the ways to Stripe (Checkout to add a card, the customer portal to manage it).
 *
 * A server without STRIPE_SECRET_KEY says so in the plan (`/api/v1/plans`, `billing_enabled:
 * false`), which the page reads first: it then calls no billing route (each would answer `503
 * billing_unavailable`, which the browser logs as an error), says billing is off, hides the Stripe
 * buttons, and still shows the plan and today's count (`/api/v1/solana/simulations/stats`): usage
 * is counted anyway. Should the plan not say (it could not be read), the billing routes are asked,
 * and their `503 billing_unavailable` means the same: usage and subscription read the database only
 * and never call Stripe, so that code from them can only mean billing is off.
 */
import { useMemo, useState } from 'preact/hooks'
import {
  isPreflightError,
  PreflightError,
  type BillingSubscription,
  type BillingUsage,
  type PlansResponse,
  type UserStats,
} from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useRoute } from '../router.ts'
import { useSession } from '../session/session-context.ts'
import { LiveStatus } from '../account/live-status.tsx'
import { TimeText } from '../account/time-text.tsx'
import '../account/account.css'

/** Where Stripe sends the user back: this page, with what happened in the hash's query. */
function returnUrl(outcome: 'success' | 'canceled'): string {
  return `${location.origin}/app/#/usage?checkout=${outcome}`
}

function formatEur(amount: number | null | undefined, maxDigits = 4): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—'
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: maxDigits })
}

const STATUS_TEXT: Record<BillingSubscription['status'], string> = {
  none: 'No subscription: free tier',
  active: 'Active: pay as you go',
  past_due: 'Past due: a payment failed (free tier until it is paid)',
  canceled: 'Canceled: free tier',
  paused: 'Paused: free tier',
}

type Billing = { configured: true; usage: BillingUsage; subscription: BillingSubscription } | { configured: false }

/** Usage and subscription, or "not configured" when the server has no Stripe key. */
async function loadBilling(client: ReturnType<typeof useSession>['client'], plans: Promise<PlansResponse>): Promise<Billing> {
  // The plan says whether the server has Stripe; when it could not be read, the billing routes tell.
  const enabled = await plans.then(
    (plan) => plan.billing_enabled,
    () => undefined,
  )
  if (enabled === false) return { configured: false }
  try {
    // One after the other: without Stripe the first answer says so, and the second is not asked.
    const subscription = await client.billing.subscription()
    const usage = await client.billing.usage()
    return { configured: true, usage, subscription }
  } catch (error) {
    if (isPreflightError(error, 'billing_unavailable')) return { configured: false }
    throw error
  }
}

/** The service's refusals a user can act on, said plainly (the code stays for a bug report). */
function explain(error: unknown): unknown {
  if (!isPreflightError(error)) return error
  const plain = (message: string) => new PreflightError({ code: error.code, message, status: error.status, requestId: error.requestId })
  switch (error.code) {
    case 'already_subscribed':
      return plain(
        'You already have a subscription (active or past due), so there is no card to add: change your card, see invoices or cancel in the billing portal.',
      )
    case 'no_billing_customer':
      return plain('There is no billing account yet: add a card with checkout first; the portal opens once Stripe knows you.')
    case 'billing_unavailable':
      return plain(`The payment provider cannot be reached right now (${error.message}). Try again in a minute.`)
    case 'payment_provider_error':
      return plain(`The payment provider refused the request (${error.message}). Try again later, or tell the operator.`)
    default:
      return error
  }
}

export function UsagePage() {
  const { client } = useSession()
  const route = useRoute()
  const [generation, setGeneration] = useState(0)
  // One plans request (again on Refresh) for the plan card and for billing, which reads it first.
  const plansRequest = useMemo(() => {
    const request = client.plans()
    // Handled by the two readers below; this keeps a refusal from counting as unhandled meanwhile.
    request.catch(() => undefined)
    return request
  }, [client, generation])
  const plans = useAsync(() => plansRequest, [plansRequest])
  const billing = useAsync(() => loadBilling(client, plansRequest), [client, plansRequest])
  const stats = useAsync(() => client.stats(), [client, generation])
  const [redirecting, setRedirecting] = useState<'checkout' | 'portal' | undefined>(undefined)
  const [actionError, setActionError] = useState<unknown>(undefined)
  const [status, setStatus] = useState<string | undefined>(undefined)

  const reloadAll = () => setGeneration((n) => n + 1)

  const goToStripe = async (which: 'checkout' | 'portal') => {
    setActionError(undefined)
    setRedirecting(which)
    setStatus(which === 'checkout' ? 'Opening Stripe Checkout…' : 'Opening the billing portal…')
    try {
      const url =
        which === 'checkout'
          ? (await client.billing.checkout({ success_url: returnUrl('success'), cancel_url: returnUrl('canceled') })).checkout_url
          : (await client.billing.portal()).portal_url
      location.assign(url)
    } catch (error) {
      setStatus(undefined)
      setRedirecting(undefined)
      setActionError(explain(error))
      if (isPreflightError(error, 'already_subscribed')) billing.reload()
    }
  }

  const checkoutOutcome = route.params.get('checkout')
  const loaded = billing.value
  const plan = plans.value
  const freePerDay = loaded?.configured ? loaded.usage.prices.free_simulations_per_day : plan?.analysis_free_tier
  const busy = billing.loading || plans.loading || stats.loading

  return (
    <div class="account-page" aria-busy={busy ? 'true' : 'false'}>
      {checkoutOutcome === 'success' ? (
        <p class="notice" data-testid="checkout-returned">
          Back from Stripe Checkout. Your card shows here once Stripe confirms the subscription, usually within seconds: use Refresh.
        </p>
      ) : checkoutOutcome === 'canceled' ? (
        <p class="notice" data-testid="checkout-canceled">
          Checkout was canceled: no card was added.
        </p>
      ) : null}

      {loaded && !loaded.configured ? (
        <p class="notice" data-testid="billing-not-configured">
          Billing is not configured on this server (no Stripe key): usage is still counted, and you are on the free tier; checkout and the
          portal are off.
        </p>
      ) : null}

      <div class="row section-head">
        <h2 id="plan-heading">Plan</h2>
        <button type="button" class="secondary" onClick={reloadAll} disabled={busy}>
          Refresh
        </button>
      </div>
      <PlanCard plan={plan} usage={loaded?.configured ? loaded.usage : undefined} error={plans.error} />

      <h2 id="today-heading">Today (UTC)</h2>
      <TodayCard stats={stats.value} freePerDay={freePerDay} error={stats.error} loading={stats.loading && !stats.value} />

      <ErrorMessage error={billing.error} />
      {billing.loading && !loaded ? <p>Loading billing…</p> : null}
      {loaded?.configured ? (
        <>
          <h2 id="period-heading">This period</h2>
          <PeriodCard usage={loaded.usage} />

          <h2 id="subscription-heading">Subscription</h2>
          <section class="card" aria-labelledby="subscription-heading" data-testid="subscription">
            <dl class="facts">
              <dt>Status</dt>
              <dd data-testid="subscription-status">{STATUS_TEXT[loaded.subscription.status] ?? loaded.subscription.status}</dd>
              <dt>Card on file</dt>
              <dd data-testid="card-on-file">
                {loaded.subscription.card_on_file
                  ? 'Yes: 100 requests a second (burst 250), simulations past the free tier are billed'
                  : 'No: free tier (10 requests a second, 1,000 simulations a day)'}
              </dd>
              <dt>Current period</dt>
              <dd>
                {loaded.subscription.current_period_start ? (
                  <>
                    <TimeText iso={loaded.subscription.current_period_start} /> to <TimeText iso={loaded.subscription.current_period_end} />
                  </>
                ) : (
                  '—'
                )}
              </dd>
              {loaded.subscription.cancel_at_period_end ? (
                <>
                  <dt>Cancellation</dt>
                  <dd>Ends at the end of the current period.</dd>
                </>
              ) : null}
            </dl>
            <div class="row stripe-actions">
              {loaded.subscription.status !== 'active' && loaded.subscription.status !== 'past_due' ? (
                <button type="button" onClick={() => void goToStripe('checkout')} disabled={redirecting !== undefined}>
                  Add a card (checkout)
                </button>
              ) : null}
              <button type="button" class="secondary" onClick={() => void goToStripe('portal')} disabled={redirecting !== undefined}>
                Manage billing (portal)
              </button>
            </div>
            <p class="hint">Stripe's pages open in this tab; they bring you back here.</p>
            <LiveStatus message={status} testId="usage-status" />
            <ErrorMessage error={actionError} />
          </section>
        </>
      ) : null}
    </div>
  )
}

function PlanCard({ plan, usage, error }: { plan: PlansResponse | undefined; usage: BillingUsage | undefined; error: unknown }) {
  if (error) return <ErrorMessage error={error} />
  if (!plan) return <p>Loading…</p>
  return (
    <section class="card" aria-labelledby="plan-heading" data-testid="plan">
      <p>
        <strong>Pay as you go.</strong> The first {formatNumber(plan.analysis_free_tier)} simulations of each UTC day are free; each one
        past them costs {formatEur(plan.analysis_rate)} (with a card on file; without one it is refused until 00:00 UTC).
      </p>
      {usage ? (
        <p class="hint">
          A submit with a billable strategy (<code>staked_sender</code>, <code>managed_tip_bundle</code>) costs{' '}
          {formatEur(usage.prices.billable_submit_eur)}; managed relay tips are passed on at cost (1 SOL ={' '}
          {formatEur(usage.prices.sol_eur, 2)}
          ). Sends and direct submits are free.
        </p>
      ) : null}
    </section>
  )
}

function TodayCard({
  stats,
  freePerDay,
  error,
  loading,
}: {
  stats: UserStats | undefined
  freePerDay: number | undefined
  error: unknown
  loading: boolean
}) {
  if (error) return <ErrorMessage error={error} />
  if (loading) return <p>Loading…</p>
  const today = stats?.simulations_today
  const left = today !== undefined && freePerDay !== undefined ? Math.max(0, freePerDay - today) : undefined
  return (
    <section class="grid" aria-labelledby="today-heading">
      <div class="card">
        <p class="figure-label" id="today-simulations">
          Simulations today
        </p>
        <p class="figure" aria-describedby="today-simulations" data-testid="simulations-today">
          {formatNumber(today)}
        </p>
      </div>
      <div class="card">
        <p class="figure-label" id="free-left">
          Free simulations left today
        </p>
        <p class="figure" aria-describedby="free-left" data-testid="free-tier-left">
          {formatNumber(left)}
        </p>
        <p class="hint">of {formatNumber(freePerDay)}; resets at 00:00 UTC</p>
      </div>
      <div class="card">
        <p class="figure-label" id="last-7d">
          Simulations, last 7 days
        </p>
        <p class="figure" aria-describedby="last-7d">
          {formatNumber(stats?.simulations_7d)}
        </p>
      </div>
    </section>
  )
}

function PeriodCard({ usage }: { usage: BillingUsage }) {
  return (
    <section class="card" aria-labelledby="period-heading" data-testid="period">
      <dl class="facts">
        <dt>Period</dt>
        <dd>
          <TimeText iso={usage.period_start} /> to <TimeText iso={usage.period_end} />
        </dd>
        <dt>Simulations this period</dt>
        <dd data-testid="period-simulations">
          {formatNumber(usage.simulations.total)} ({formatNumber(usage.simulations.free)} free, {formatNumber(usage.simulations.billable)}{' '}
          billable)
        </dd>
        <dt>Executes, sends</dt>
        <dd>
          {formatNumber(usage.executes)}, {formatNumber(usage.sends)}
        </dd>
        <dt>Submits</dt>
        <dd>
          {formatNumber(usage.submits.total)} ({formatNumber(usage.submits.billable)} billable)
        </dd>
        <dt>Managed tips</dt>
        <dd>
          {formatEur(usage.tips.eur)}
          {usage.tips.unsettled > 0 ? ` (${formatNumber(usage.tips.unsettled)} submits not final yet)` : ''}
        </dd>
        <dt>Amount due so far</dt>
        <dd data-testid="amount-due">
          <strong>{formatEur(usage.amount_due_eur)}</strong>
        </dd>
      </dl>
    </section>
  )
}
