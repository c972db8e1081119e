/**
 * A wallet's standing token approvals (`GET /api/v1/solana/wallets/{address}/approvals`): the
 * delegations and close authorities on its token accounts, scored, and the unsigned transaction
 * that revokes the risky delegations, for the wallet to sign and send.
 *
 * The address lives in the hash (`#/tools?wallet=…`), so a check can be linked to; "Check
 * approvals" writes it there, or scans again when it is already there.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ApprovalsResponse } from '@preflight/sdk'
import { CopyButton } from '../components/copy-button.tsx'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber, formatUnits, shorten } from '../components/format.ts'
import { navigate, useRoute } from '../router.ts'
import { useSession } from '../session/session-context.ts'

type Approval = ApprovalsResponse['approvals'][number]

const U64_MAX = '18446744073709551615'
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TOKEN_PROGRAMS: Record<string, string> = {
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
}

/** Base units (a u64 as a decimal string) in whole tokens when the decimals are known. */
function formatTokenAmount(raw: string, decimals: number | null): string {
  if (!/^\d+$/.test(raw)) return raw
  return decimals === null ? `${formatUnits(raw, 0)} base units` : formatUnits(raw, decimals)
}

function Address({ value }: { value: string | null }) {
  if (!value) return <span class="muted">none</span>
  return (
    <span class="mono" title={value}>
      {shorten(value)}
    </span>
  )
}

const APPROVAL_COLUMNS = [
  'Risk',
  'Token account',
  'Token',
  'Balance',
  'Delegate',
  'Delegate may move',
  'Close authority',
  'Revoked by the transaction',
] as const

function ApprovalRow({ approval, revoked }: { approval: Approval; revoked: boolean }) {
  const token = approval.symbol ?? shorten(approval.mint)
  return (
    <>
      <tr data-testid="approval-row" data-token-account={approval.token_account} data-risk={approval.risk_level}>
        <td data-label="Risk">
          <span class={`severity-${approval.risk_level}`}>{approval.risk_level}</span>
        </td>
        <td data-label="Token account">
          <Address value={approval.token_account} />
        </td>
        <td data-label="Token">
          <div>
            <span title={`Mint ${approval.mint}`} class={approval.symbol ? undefined : 'mono'}>
              {token}
            </span>
            <div class="muted">{TOKEN_PROGRAMS[approval.token_program] ?? shorten(approval.token_program)}</div>
          </div>
        </td>
        <td data-label="Balance">{formatTokenAmount(approval.balance, approval.decimals)}</td>
        <td data-label="Delegate">
          <div>
            <Address value={approval.delegate} />
            {approval.known_authority ? <div class="muted">{approval.known_authority}</div> : null}
          </div>
        </td>
        <td data-label="Delegate may move">
          {approval.delegate ? (
            approval.delegated_amount === U64_MAX ? (
              <strong>unlimited</strong>
            ) : (
              formatTokenAmount(approval.delegated_amount, approval.decimals)
            )
          ) : (
            '—'
          )}
        </td>
        <td data-label="Close authority">
          <Address value={approval.close_authority} />
        </td>
        <td data-label="Revoked by the transaction">{revoked ? 'yes' : 'no'}</td>
      </tr>
      <tr class="insights-reasons-row">
        <td colSpan={APPROVAL_COLUMNS.length} data-label="Why">
          <span class="visually-hidden">
            Why {shorten(approval.token_account)} is {approval.risk_level}:{' '}
          </span>
          <ul class="insights-reasons">
            {approval.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </td>
      </tr>
    </>
  )
}

function RevokeTransaction({ answer }: { answer: ApprovalsResponse }) {
  const hasForeignClose = answer.approvals.some((approval) => approval.close_authority !== null && approval.risk_level === 'critical')
  if (!answer.revoke_transaction) {
    return (
      <p data-testid="revoke-none">
        Nothing to revoke: no delegation is scored medium or above.
        {hasForeignClose
          ? ' A close authority cannot be removed by the owner (only by that authority): move the balance out of such an account.'
          : ''}
      </p>
    )
  }
  const count = answer.revoke_accounts.length
  return (
    <div data-testid="revoke">
      <h3>Revoke transaction</h3>
      <p>
        An unsigned legacy transaction (base64) with one <code>Revoke</code> for each of the {count} delegation{count === 1 ? '' : 's'}{' '}
        scored medium or above, in this order: {answer.revoke_accounts.map((account) => shorten(account)).join(', ')}. Its fee payer is the
        wallet.
      </p>
      <pre class="mono insights-revoke" data-testid="revoke-transaction" tabIndex={0} aria-label="Revoke transaction, base64">
        {answer.revoke_transaction}
      </pre>
      <CopyButton value={answer.revoke_transaction} label="Copy transaction" />
      <p>
        To use it, sign it with the wallet's key and send it like any other transaction: decode the base64 (with @solana/web3.js,{' '}
        <code>Transaction.from(Buffer.from(base64, 'base64'))</code>, then <code>sign(wallet)</code> and{' '}
        <code>connection.sendRawTransaction(tx.serialize())</code>), or send the signed transaction through{' '}
        <code>POST /api/v1/solana/tx/send</code>. It carries a recent blockhash and is valid for about a minute (150 blocks): if it expired,
        check again for a fresh one.
        {answer.truncated ? ' One transaction holds at most 24 revokes: once it landed, check again for the rest.' : ''}
      </p>
      {hasForeignClose ? (
        <p class="hint">
          Close authorities are not in it: only the close authority itself can remove one. Move the balance out of those accounts.
        </p>
      ) : null}
    </div>
  )
}

function ApprovalsResult({ answer }: { answer: ApprovalsResponse }) {
  const revoked = new Set(answer.revoke_accounts)
  return (
    <div data-testid="approvals-result">
      <dl class="facts">
        <dt>Wallet</dt>
        <dd class="mono">{answer.wallet}</dd>
        <dt>Token accounts scanned</dt>
        <dd>{formatNumber(answer.token_accounts_scanned)}</dd>
        <dt>With an approval</dt>
        <dd>{formatNumber(answer.approvals.length)}</dd>
        <dt>As of slot</dt>
        <dd>{formatNumber(answer.slot)}</dd>
      </dl>
      {answer.truncated ? (
        <p class="hint" role="note">
          <strong>Truncated:</strong> the wallet has more token accounts or approvals than one scan lists; the riskiest are shown.
        </p>
      ) : null}
      {answer.approvals.length === 0 ? (
        <p data-testid="approvals-none">No delegate and no close authority on this wallet's token accounts.</p>
      ) : (
        <div class="table-wrap">
          <table class="insights-approvals" data-testid="approvals-table">
            <caption class="visually-hidden">Approvals on the wallet's token accounts, riskiest first, each followed by why</caption>
            <thead>
              <tr>
                {APPROVAL_COLUMNS.map((name) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.approvals.map((approval) => (
                <ApprovalRow key={approval.token_account} approval={approval} revoked={revoked.has(approval.token_account)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RevokeTransaction answer={answer} />
    </div>
  )
}

export function ApprovalsSection() {
  const { client } = useSession()
  const route = useRoute()
  const wallet = (route.params.get('wallet') ?? '').trim()
  const [address, setAddress] = useState(wallet)
  const [generation, setGeneration] = useState(0)
  const [state, setState] = useState<{ loading: boolean; error: unknown; answer: ApprovalsResponse | undefined }>({
    loading: false,
    error: undefined,
    answer: undefined,
  })
  const [invalid, setInvalid] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => setAddress(wallet), [wallet])
  useEffect(() => {
    if (!wallet) return
    if (!BASE58_ADDRESS.test(wallet)) {
      setState({ loading: false, error: new Error('A wallet address is 32 to 44 base58 characters.'), answer: undefined })
      return
    }
    const controller = new AbortController()
    setState({ loading: true, error: undefined, answer: undefined })
    client.approvals(wallet, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setState({ loading: false, error: undefined, answer }),
      (error: unknown) => !controller.signal.aborted && setState({ loading: false, error, answer: undefined }),
    )
    return () => controller.abort()
  }, [client, wallet, generation])

  const check = (event: Event) => {
    event.preventDefault()
    const next = address.trim()
    if (!BASE58_ADDRESS.test(next)) {
      setState({ loading: false, error: new Error('A wallet address is 32 to 44 base58 characters.'), answer: undefined })
      setInvalid(true)
      input.current?.focus()
      return
    }
    if (next === wallet) setGeneration((n) => n + 1)
    else navigate('tools', { wallet: next })
  }

  return (
    <section class="card" aria-labelledby="tools-approvals" data-testid="approvals-section">
      <h2 id="tools-approvals">Wallet approvals</h2>
      <p class="hint">
        The delegations and close authorities on a wallet's token accounts (SPL Token and Token-2022) that let someone else move or close
        them, scored, with a transaction that revokes the risky delegations. Drainers leave exactly these behind.
      </p>
      <form class="insights-address-form" onSubmit={check}>
        <label>
          Wallet address
          <input
            ref={input}
            name="wallet"
            value={address}
            onInput={(event) => {
              setAddress(event.currentTarget.value)
              setInvalid(false)
            }}
            spellcheck={false}
            autocomplete="off"
            maxLength={44}
            required
            aria-invalid={invalid || undefined}
          />
        </label>
        <button type="submit" disabled={state.loading}>
          Check approvals
        </button>
      </form>
      <p role="status" aria-live="polite" data-testid="approvals-status">
        {state.loading
          ? 'Scanning the token accounts…'
          : state.answer
            ? `${formatNumber(state.answer.approvals.length)} approval${state.answer.approvals.length === 1 ? '' : 's'} on ${formatNumber(state.answer.token_accounts_scanned)} token account${state.answer.token_accounts_scanned === 1 ? '' : 's'}.`
            : ''}
      </p>
      <ErrorMessage error={state.error} />
      <div aria-busy={state.loading}>{state.answer ? <ApprovalsResult answer={state.answer} /> : null}</div>
    </section>
  )
}
