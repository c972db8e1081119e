// The risk levels (docs/detection.md#risk-levels), one row each, end to end through the engine on
// localnet (with the real Orca pools loaded): safe — nothing found; low — a simple swap; medium — a
// multi-hop swap, or a simulation warning; high — a terminal simulation failure, or high MEV;
// critical — a blacklisted program, or rug-pull indicators.
import t from 'tap'
import { address, generateKeyPairSigner, type Instruction } from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { getMevLevel, getMevScore } from '../../../../engine/detection/vectors/mev-score.js'
import { getMevRiskLevel } from '../../../../engine/detection/vectors/risk-level.js'
import { DEMO_MINT, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { ORCA_ACCOUNTS_DIR } from '../../../helpers/fixtures.js'
import { startStack } from '../../../helpers/stack.js'
import { asSigner, buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { buildJupiterTwoHopRoute, buildSolUsdcSwap, WALLET } from '../swaps/orca-fixture.js'

const NO_SIMULATION = ['program', 'slippage', 'mev', 'rug', 'priority_fee'] as const

const orcaSwap = (minimumOut: bigint) => buildSolUsdcSwap({ amount: 100_000_000n, otherAmountThreshold: minimumOut })
const jupiterTwoHops = () => buildJupiterTwoHopRoute({ inAmount: 100_000_000n, quotedOutAmount: 1_000_000n, slippageBps: 50 })

t.test('the risk levels, row by row', async (t) => {
  const { engine, rpc } = await startStack(t, {
    accountsDir: ORCA_ACCOUNTS_DIR,
    engineOptions: {
      getTenantBlocks: (tenant) =>
        new Set<AccountKey>(tenant === 'blocks-system' ? [fromBase58Address('11111111111111111111111111111111')] : []),
    },
  })
  const payer = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const build = (feePayer: typeof payer.address, instructions: Instruction[], blockhash = value.blockhash) =>
    buildTransaction({ feePayer, blockhash, instructions })
  const transfer = () => build(payer.address, [transferSol(payer.address, WALLET.address, 10_000_000n)])

  t.test('safe: no issues detected', async (t) => {
    const response = await engine.simulate(await transfer())
    t.equal(response.risk.risk_level, 'safe')
    t.equal(response.decision, 'approve')
  })

  t.test('low: a simple swap (minor MEV exposure)', async (t) => {
    const response = await engine.simulate(await build(WALLET.address, [orcaSwap(3_987_867n)]), { vectors: [...NO_SIMULATION] })
    t.equal(response.slippage?.hops, 1)
    t.equal(response.risk.mev_level, 'low')
    t.equal(response.risk.risk_level, 'low')
    t.equal(response.decision, 'approve')
  })

  t.test('medium: a multi-hop swap', async (t) => {
    const response = await engine.simulate(await build(WALLET.address, [jupiterTwoHops()]), { vectors: [...NO_SIMULATION] })
    t.equal(response.slippage?.hops, 2)
    t.equal(response.risk.risk_level, 'medium')
    t.equal(response.decision, 'warn')
  })

  t.test('medium: a simulation warning (a stale blockhash: rebuild, not hopeless)', async (t) => {
    const response = await engine.simulate(
      await build(payer.address, [transferSol(payer.address, WALLET.address, 10_000_000n)], '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn'),
    )
    t.equal(response.failure_code, 'blockhash_expired')
    t.equal(response.is_terminal, false)
    t.equal(response.risk.risk_level, 'medium')
  })

  t.test('high: a terminal simulation failure', async (t) => {
    const broke = await generateKeyPairSigner()
    const response = await engine.simulate(await build(broke.address, [transferSol(broke.address, payer.address, 1n)]))
    t.equal(response.failure_code, 'insufficient_sol')
    t.equal(response.risk.risk_level, 'high')
    t.equal(response.decision, 'block')
  })

  t.test('high: high MEV risk', async (t) => {
    const score = getMevScore({ slippageBps: 500, tradeShareOfPool: 0.05, poolSandwiches: 1, leaderSandwichRate: 0.01, protection: null })
    t.equal(getMevLevel(score), 'high', String(score))
    t.equal(getMevRiskLevel(getMevLevel(score)), 'high')
    t.equal(getMevRiskLevel('critical'), 'high', 'critical is kept for blacklists and rugs')
    const medium = await engine.simulate(await build(WALLET.address, [orcaSwap(3_625_334n)]), { vectors: [...NO_SIMULATION] })
    t.equal(medium.risk.mev_level, 'medium', 'a 10 % tolerance on a deep pool')
    t.equal(medium.risk.risk_level, 'medium')
  })

  t.test('critical: a blacklisted (here: tenant-blocked) program', async (t) => {
    const response = await engine.simulate(await transfer(), { tenantId: 'blocks-system' })
    t.equal(response.risk.risk_level, 'critical')
    t.equal(response.decision, 'block')
  })

  t.test('critical: token rug-pull indicators on a token paid for (the demo mint: held by three, no pool)', async (t) => {
    const [ata] = await findAssociatedTokenPda({
      owner: payer.address,
      mint: DEMO_MINT,
      tokenProgram: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    })
    const response = await engine.simulate(
      await build(payer.address, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(payer.address), ata, owner: payer.address, mint: DEMO_MINT }),
        // Paying its holder for it: a token's risk is its buyer's (received for free, it is medium at most).
        transferSol(payer.address, DEMO_WALLETS[0], 50_000_000n),
      ]),
    )
    t.equal(response.success, true, response.failure_reason ?? '')
    t.ok(response.risk.token_risk?.flags.includes('rug_pull'))
    t.equal(response.risk.risk_level, 'critical')
    t.equal(response.decision, 'block')
  })
})
