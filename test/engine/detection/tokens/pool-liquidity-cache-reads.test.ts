import t from 'tap'
import { isServiceError } from '../../../../lib/errors.js'
import { getFreePort } from '../../../../lib/free-port.js'
import { createJsonRpcClient, type JsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createPoolLiquidityCache } from '../../../../engine/detection/tokens/pool-liquidity-cache.js'
import { ORCA_ACCOUNTS_DIR } from '../../../helpers/fixtures.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'

const USDC = fromBase58Address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const SAMO = fromBase58Address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const ORCA = fromBase58Address('orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE')
/** Not on this chain (PYUSD's mainnet mint): the holder read fails, the pool scan answers (no pools). */
const UNKNOWN = fromBase58Address('2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo')

const totalCalls = (rpc: JsonRpcClient) => [...rpc.callsByMethod.values()].reduce((sum, n) => sum + n, 0)

t.test('a second read makes no RPC call, concurrent misses make one load, an impatient caller does not cancel it', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR, LOCALNET_DEMO: 'false' })
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  const cache = createPoolLiquidityCache({ rpc })

  t.equal(cache.get(USDC), undefined, 'a miss answers undefined')
  t.equal(totalCalls(rpc), 0, 'get never calls RPC')

  const [first, second] = await Promise.all([cache.load(USDC), cache.load(USDC)])
  t.equal(first, second, 'both callers get the one answer')
  t.equal(rpc.callsByMethod.get('getProgramAccounts'), 8, 'one scan: four venues, two sides')
  t.equal(rpc.callsByMethod.get('getTokenLargestAccounts'), 1, 'one holder read')
  t.equal(first.hasLiquidity, true)
  t.equal(first.pools?.length, 2)
  t.same(first.errors, [])
  t.ok(first.holders && first.holders.excluded.length === 2, 'holder concentration with the two USDC vaults excluded')

  const calls = totalCalls(rpc)
  t.equal(cache.get(USDC), first, 'later requests read the answer synchronously')
  t.equal(await cache.load(USDC), first, 'a load of a cached mint answers from memory')
  t.equal(totalCalls(rpc), calls, 'no RPC call for either')

  const impatient = new AbortController()
  const waiting = cache.load(SAMO, impatient.signal)
  impatient.abort(new Error('deadline'))
  await t.rejects(waiting, { message: 'deadline' }, 'the caller stops waiting at its deadline')
  const samo = await cache.load(SAMO)
  t.equal(samo.pools?.length, 1, 'the load it started went on and answers the next caller')
  t.equal(rpc.callsByMethod.get('getProgramAccounts'), 16, 'the next caller joined it: one scan for SAMO')
  t.equal(cache.get(SAMO), samo)
  t.equal(cache.size, 2)
})

t.test('TTLs, partial answers, failures and the bound', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR, LOCALNET_DEMO: 'false' })
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  let clock = 1_000
  const cache = createPoolLiquidityCache({ rpc, ttlMs: 300_000, failureTtlMs: 10_000, maxMints: 2, now: () => clock })

  const usdc = await cache.load(USDC)
  clock += 299_999
  t.equal(cache.get(USDC), usdc, 'served until the TTL')
  clock += 2
  t.equal(cache.get(USDC), undefined, 'expired after it')

  const unknown = await cache.load(UNKNOWN)
  t.equal(unknown.holders, null, 'the holder read failed…')
  t.match(unknown.errors, [/^holders: /])
  t.equal(unknown.hasLiquidity, false, '…the pool scan still answered')
  clock += 9_999
  t.equal(cache.get(UNKNOWN), unknown, 'a partial answer is kept for the failure TTL')
  clock += 2
  t.equal(cache.get(UNKNOWN), undefined, 'and no longer')

  await cache.load(USDC)
  await cache.load(SAMO)
  await cache.load(ORCA)
  t.equal(cache.size, 2, 'at most maxMints mints')
  t.equal(cache.get(USDC), undefined, 'the least recently used went first')

  const closed = createJsonRpcClient({ urls: [`http://127.0.0.1:${await getFreePort()}`], requestTimeoutMs: 2_000 })
  const failing = createPoolLiquidityCache({ rpc: closed, failureTtlMs: 10_000, now: () => clock })
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    )
  t.ok(isServiceError(await failure(failing.load(USDC)), 'upstream_unavailable'), 'no node answered')
  const attempts = totalCalls(closed)
  t.ok(isServiceError(await failure(failing.load(USDC)), 'upstream_unavailable'), 'the failure is remembered…')
  t.equal(totalCalls(closed), attempts, '…without asking again')
  t.equal(failing.get(USDC), undefined, 'get answers nothing for a failure')
  clock += 10_001
  t.ok(isServiceError(await failure(failing.load(USDC)), 'upstream_unavailable'))
  t.ok(totalCalls(closed) > attempts, 'after the failure TTL it tries again')
})
