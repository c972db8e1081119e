import t from 'tap'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { getPoolsForMint } from '../../../../engine/detection/tokens/pool-index.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { TOKEN_PROGRAM_ADDRESS, createMint, createPayer } from './pool-test-chain.js'

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const WSOL = 'So11111111111111111111111111111111111111112'
const SAMO = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const SOL_USDC = 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ'
const SAMO_USDC = '9vqYJjDUFecLL2xPUC4Rc7hyCtZ6iJ4mDiVZX7aFXoAe'

/** The balance (bytes 64..72) of each vault in the mainnet dumps, read here independently of the engine. */
const dumpBalances = new Map(
  readAccountDumps(ORCA_ACCOUNTS_DIR)
    .filter((dump) => dump.account.owner === TOKEN_PROGRAM_ADDRESS)
    .map((dump) => [dump.pubkey, Buffer.from(dump.account.data[0], 'base64').readBigUInt64LE(64)]),
)
const vault = (address: string) => ({ address, balance: dumpBalances.get(address) })
const SOL_USDC_VAULTS = {
  sol: vault('3YQm7ujtXWJU2e9jhp2QGHpnn1ShXn12QjvzMvDgabpX'),
  usdc: vault('2JTw1fE2wz1SymWUQ7UqpVtrTuKjcd6mWwYwUJUCh2rq'),
}
const SAMO_USDC_VAULTS = {
  samo: vault('3xxgYc3jXPdjqpMdrRyKtcddh4ZdtqpaN33fwaWJ2Wbh'),
  usdc: vault('8xKCx3SGwWR6BUr9mZFm3xwZmCVMuLjXn9iLEU6784FS'),
}

t.test('the pool index finds the real Whirlpools of each mint with the balances of the dumps', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR, LOCALNET_DEMO: 'false' })
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  t.ok((SOL_USDC_VAULTS.sol.balance ?? 0n) > 0n && (SAMO_USDC_VAULTS.samo.balance ?? 0n) > 0n, 'the dumps hold balances')

  const usdc = await getPoolsForMint(rpc, USDC)
  t.equal(usdc.hasLiquidity, true)
  t.equal(usdc.truncated, false)
  t.same(usdc.pools.map((pool) => pool.pool).sort(), [SAMO_USDC, SOL_USDC].sort(), 'USDC: both whirlpools (USDC is token B in each)')
  const solUsdc = usdc.pools.find((pool) => pool.pool === SOL_USDC)!
  t.match(solUsdc, {
    venue: 'orca_whirlpool',
    programId: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
    vault: SOL_USDC_VAULTS.usdc.address,
    balance: SOL_USDC_VAULTS.usdc.balance,
    otherMint: WSOL,
    otherVault: SOL_USDC_VAULTS.sol.address,
    otherBalance: SOL_USDC_VAULTS.sol.balance,
    lpMint: null,
    lpReserve: null,
    hasLiquidity: true,
  })
  const samoUsdc = usdc.pools.find((pool) => pool.pool === SAMO_USDC)!
  t.match(samoUsdc, {
    vault: SAMO_USDC_VAULTS.usdc.address,
    balance: SAMO_USDC_VAULTS.usdc.balance,
    otherMint: SAMO,
    otherBalance: SAMO_USDC_VAULTS.samo.balance,
  })

  const wsol = await getPoolsForMint(rpc, WSOL)
  t.same(
    wsol.pools.map((pool) => pool.pool),
    [SOL_USDC],
    'wSOL: the SOL/USDC whirlpool (token A)',
  )
  t.match(wsol.pools[0], {
    vault: SOL_USDC_VAULTS.sol.address,
    balance: SOL_USDC_VAULTS.sol.balance,
    otherMint: USDC,
    otherBalance: SOL_USDC_VAULTS.usdc.balance,
  })
  t.equal(wsol.hasLiquidity, true)

  const samo = await getPoolsForMint(rpc, SAMO)
  t.same(
    samo.pools.map((pool) => pool.pool),
    [SAMO_USDC],
    'SAMO: the SAMO/USDC whirlpool',
  )
  t.equal(samo.pools[0]?.balance, SAMO_USDC_VAULTS.samo.balance)
  t.equal(samo.hasLiquidity, true)

  const payer = await createPayer(localnet)
  const fresh = await createMint(localnet, payer)
  const none = await getPoolsForMint(rpc, fresh)
  t.same(none.pools, [], 'a fresh mint is in no pool')
  t.equal(none.hasLiquidity, false)

  t.equal(rpc.callsByMethod.get('getProgramAccounts'), 4 * 8, 'eight scans per mint: four venues, two sides')
  const truncated = await getPoolsForMint(rpc, USDC, { maxPools: 1 })
  t.equal(truncated.pools.length, 1)
  t.equal(truncated.truncated, true, 'more pools than maxPools: said so')
})
