// Value followed to where it lands: SOL that passes through the wallet's own wrapped-SOL account
// or an account the transaction creates, or that sits in a stake account someone else withdraws,
// is named in the finding and in the summary by whoever ends up with it — never by the account it
// passed through. Built with the case set's own transactions (drains-counterparty-signer.ts).
import t from 'tap'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { toTestLocalnet } from '../helpers/localnet-start.js'
import { startStack } from '../helpers/stack.js'
import { createCaseContext } from './case-context.js'
import {
  getNonceWithdrawnByOtherInstructions,
  getRelayedSendInstructions,
  getStakeForOtherInstructions,
  getWrappedSendInstructions,
} from './drains-counterparty-signer.js'
import { getAta } from './token-setup.js'
import { NATIVE_MINT } from '../../localnet/seed/native-mints.js'

const SOL = 1_000_000_000n

function whole(response: SimulateResponse) {
  return response.risk.findings.filter((finding) => finding.code === 'whole_balance_transfer')
}

function walletLines(response: SimulateResponse, wallet: string): string[] {
  return response.summary.find((entry) => entry.signer === wallet)?.lines ?? []
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

t.test('the finding and the summary name the final receiver', async (t) => {
  const { engine, localnet } = await startStack(t)
  const context = createCaseContext(toTestLocalnet(localnet))

  t.test("through the wallet's own wrapped-SOL account: the stranger who owns the receiving account", async (t) => {
    const wallet = await context.fund(10n * SOL)
    const stranger = await context.createKey()
    const instructions = await getWrappedSendInstructions(wallet.address, stranger.address, 96n * (SOL / 10n))
    const response = await engine.simulate(await context.compile({ feePayer: wallet.address, instructions }))
    t.equal(response.success, true, response.failure_reason ?? '')
    const [finding] = whole(response)
    t.same(finding?.accounts, [wallet.address, stranger.address], 'the wallet, then the stranger')
    t.notOk(finding?.accounts.includes(await getAta(stranger.address, NATIVE_MINT)), "not the stranger's wrapped-SOL account")
    t.ok(
      walletLines(response, wallet.address).includes(`You send 9.6 SOL to ${short(stranger.address)}`),
      walletLines(response, wallet.address).join(' | '),
    )
    t.equal(response.decision, 'block')
  })

  t.test('through a new account the transaction creates: the stranger it forwards to', async (t) => {
    const wallet = await context.fund(10n * SOL)
    const [relay, stranger] = [await context.createKey(), await context.createKey()]
    const transaction = await context.compile({
      feePayer: wallet.address,
      signers: [relay],
      instructions: getRelayedSendInstructions(wallet.address, relay, stranger.address, 96n * (SOL / 10n)),
    })
    const response = await engine.simulate(transaction)
    t.equal(response.success, true, response.failure_reason ?? '')
    t.same(
      whole(response).map((finding) => finding.accounts),
      [[wallet.address, stranger.address]],
      'one finding, naming the stranger',
    )
    t.ok(
      walletLines(response, wallet.address).includes(`You send 9.6 SOL to ${short(stranger.address)}`),
      walletLines(response, wallet.address).join(' | '),
    )
    t.same(
      walletLines(response, relay.address),
      [`You send 9.6 SOL to ${short(stranger.address)}`],
      "the relay's own line: it did send them",
    )
  })

  t.test('into a stake account the co-signer withdraws: the withdrawer', async (t) => {
    const wallet = await context.fund(10n * SOL)
    const [attacker, stake] = [await context.createKey(), await context.createKey()]
    const transaction = await context.compile({
      feePayer: wallet.address,
      signers: [stake],
      instructions: getStakeForOtherInstructions(wallet.address, stake, attacker.address, 95n * (SOL / 10n)),
    })
    const response = await engine.simulate(transaction)
    t.equal(response.success, true, response.failure_reason ?? '')
    t.same(
      whole(response).map((finding) => finding.accounts),
      [[wallet.address, attacker.address]],
    )
    t.ok(
      walletLines(response, wallet.address).includes(`You send 9.5 SOL to ${short(attacker.address)}`),
      walletLines(response, wallet.address).join(' | '),
    )
  })

  t.test('out of a new account by no transfer (a nonce withdrawal): whoever gained it', async (t) => {
    const wallet = await context.fund(10n * SOL)
    const [attacker, nonce] = [await context.fund(SOL), await context.createKey()]
    const amount = 95n * (SOL / 10n)
    const transaction = await context.compile({
      feePayer: wallet.address,
      signers: [nonce, attacker],
      instructions: getNonceWithdrawnByOtherInstructions(wallet.address, nonce, attacker, amount, await context.getRent(80n)),
    })
    const response = await engine.simulate(transaction)
    t.equal(response.success, true, response.failure_reason ?? '')
    t.same(
      whole(response).map((finding) => finding.accounts),
      [[wallet.address, attacker.address]],
      'the attacker, who withdrew it',
    )
    t.equal(response.decision, 'block')
  })

  t.test('half the SOL through wrapped SOL to a new key: no finding, and the summary names the payee', async (t) => {
    const wallet = await context.fund(10n * SOL)
    const payee = await context.createKey()
    const instructions = await getWrappedSendInstructions(wallet.address, payee.address, 5n * SOL)
    const response = await engine.simulate(await context.compile({ feePayer: wallet.address, instructions }))
    t.same(response.risk.findings, [])
    t.ok(
      walletLines(response, wallet.address).includes(`You send 5 SOL to ${short(payee.address)}`),
      walletLines(response, wallet.address).join(' | '),
    )
    t.equal(response.decision, 'approve')
  })
})
