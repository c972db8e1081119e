// Performance properties without a clock: no per-request program reload, no rewrite of unchanged
// accounts, and a background refresh of unchanged content keeps the version.
import t from 'tap'
import type { Address } from '@solana/kit'
import { DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferToken } from '../../../helpers/transactions.js'

t.test('an SPL transfer installs the token program once, then writes nothing on repeat', async (t) => {
  const { engine, rpc } = await startStack(t, { engineEnv: { ACCOUNT_CACHE_FRESH_MS: '0' } })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: DEMO_WALLETS[0] as Address,
    blockhash: value.blockhash,
    instructions: [transferToken(DEMO_TOKEN_ACCOUNTS[0] as Address, DEMO_TOKEN_ACCOUNTS[1] as Address, DEMO_WALLETS[0] as Address, 1_000n)],
  })
  const first = await engine.simulate(bytes)
  t.equal(first.success, true, first.failure_reason ?? '')
  t.equal(engine.svmState.stats.programWrites, 1, 'the token program, loaded from the chain, installed once')
  const token = first.balance_changes.filter((change) => change.mint !== null)
  t.same(
    token.map((change) => [change.account, change.delta, change.decimals]),
    [
      [DEMO_TOKEN_ACCOUNTS[0], '-1000', 6],
      [DEMO_TOKEN_ACCOUNTS[1], '1000', 6],
    ],
  )
  const writes = { ...engine.svmState.stats }
  const refreshes = engine.cache.stats.backgroundRefreshes
  for (let i = 0; i < 5; i++) {
    const again = await engine.simulate(bytes)
    t.equal(again.success, true)
    // Let the background refreshes (freshness 0 ms) come back with unchanged content.
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  t.ok(engine.cache.stats.backgroundRefreshes > refreshes, 'entries were refreshed from the chain')
  t.same(engine.svmState.stats, writes, 'unchanged accounts and programs were not written again')
})
