// The sandwich of a swap whose token charges a Token-2022 transfer fee, priced on the real Raydium
// CPMM program and a pool made on localnet through it (test/helpers/raydium-cpmm-pool.ts). The
// pool's vault of such a token carries account extensions, and the user's bound is on what it
// receives after the fee: the attacker's accounts take the vault's shape, and the user's side is
// read at its own account. Checked against the venue's math with Token-2022's fee, and against
// the three transactions landed on localnet.
import t from 'tap'
import { getTokenDecoder } from '@solana-program/token-2022'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { createCpmmPool, quoteCpmm } from '../../../helpers/raydium-cpmm-pool.js'
import { startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { testMinimumAtQuote, testMinimumOnePercentUnder } from '../../../helpers/sandwich-bound-tests.js'

const POOL_SOL = 100_000_000_000n // 100 SOL
const POOL_TOKEN = 1_000_000_000_000n // 1,000,000 of a 6-decimal token
const FEE_BPS = 100 // 1 % on every transfer of the token
const MAXIMUM_FEE = 10n ** 15n
const TRADE = 1_000_000_000n // 1 SOL
const SELL = 10_000_000_000n // 10,000 tokens

/** Token-2022's transfer fee: bps of the amount, rounded up, at most the maximum. */
function transferFee(amount: bigint): bigint {
  const fee = (amount * BigInt(FEE_BPS) + 9_999n) / 10_000n
  return fee < MAXIMUM_FEE ? fee : MAXIMUM_FEE
}

t.test('sandwich value of swaps of a transfer-fee token on a Raydium CPMM pool made on localnet', async (t) => {
  const { engine, localnet } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const cpmm = await createCpmmPool(localnet, {
    poolSol: POOL_SOL,
    poolToken: POOL_TOKEN,
    transferFee: { bps: FEE_BPS, maximumFee: MAXIMUM_FEE },
  })
  const { vaultSol, vaultToken, tokenAmount, wallet, fund, swap, sign } = cpmm
  // The vault as Token-2022's own client reads it: the fee's per-account extension, which every
  // account of the mint needs, so the attacker's accounts on the fork need it too.
  const vault = getTokenDecoder().decode(new Uint8Array(chain.getAccount(vaultToken)?.data ?? []))
  const extensions = vault.extensions.__option === 'Some' ? vault.extensions.value.map((extension) => extension.__kind) : []
  t.ok(extensions.includes('TransferFeeAmount'), `the pool's vault of the token carries account extensions (${extensions.join(', ')})`)
  const openAt = chain.getUnixTimestamp()
  await waitUntil(() => (engine.chain.clock?.unixTimestamp ?? 0n) >= BigInt(openAt), 5_000, "the engine's clock")

  // The pool's token reserve is what reached it, the creator's deposit net of the fee.
  const reserveToken = tokenAmount(vaultToken)
  const reserveSol = tokenAmount(vaultSol)
  const gross = quoteCpmm(TRADE, reserveSol, reserveToken)
  const quote = gross - transferFee(gross)
  const user = await wallet(10_000_000_000n)
  const userSwap = (minimum: bigint) => sign(user.signer, [...fund(user, TRADE), swap(user, TRADE, minimum, true)])
  const zeroMinimum = await userSwap(0n)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap((quote * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(quote))
  const seller = await wallet(10_000_000_000n)
  t.equal(cpmm.send(await sign(seller.signer, fund(seller, 0n))), null, "the seller's accounts")
  // The seller's tokens are minted to it, so the pool stays as it was made.
  t.equal(cpmm.send(await cpmm.giveTokens(seller.token, SELL + transferFee(SELL) * 2n)), null, 'the seller holds tokens')
  const sold = await engine.simulate(await sign(seller.signer, [swap(seller, SELL, 0n, false)]))

  t.test('SOL → token with no minimum: priced on what the user receives after the fee', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the venue's math, less the token's transfer fee")
    t.equal(extractable.limited_by, 'budget')
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
  })

  testMinimumOnePercentUnder(t, atOnePercent, quote)

  testMinimumAtQuote(t, atQuote, quote)

  t.test('token → SOL: the fee is paid on the way in, and the SOL out is the quote', async (t) => {
    const extractable = sold.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${sold.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quoteCpmm(SELL - transferFee(SELL), reserveToken, reserveSol)))
    t.ok(extractable.bps > 5_000, `${extractable.bps} bps`)
  })

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const landed = await cpmm.landSandwich(BigInt(extractable.front_run_amount), zeroMinimum)
    t.strictSame(
      landed.refused,
      { funding: null, frontRun: null, user: null, backRun: null },
      "the attacker is funded; the front-run, the user's swap and the back-run land",
    )
    t.equal(String(tokenAmount(user.token)), extractable.sandwiched, 'the user got what the engine said, after the fee')
    t.equal(String(landed.attackerProfit), extractable.attacker_profit, "the attacker's profit, to the lamport")
    t.equal(Number(landed.attackerFees), extractable.attacker_fee_lamports, 'and its fees')
  })
})
