/**
 * The tip ledger shared by every engine through Redis (REDIS_URL): one script reads, checks and
 * adds a user's managed tips of the day atomically, so engines behind one balancer draw on one
 * daily cap. Key `<prefix>tips:{<userId>}:<utcDay>`, the day's total in lamports, expiring an hour
 * past that day's midnight. A day with no key (the first tip of the day, or a Redis that lost its
 * keys) is seeded from the tracking records: the script answers "no total", the caller reads the
 * seed and runs it again with it, and SET NX keeps a concurrent seed from counting twice.
 *
 * Fails CLOSED, unlike admission: the ledger guards money. When Redis does not answer, no managed
 * tip is paid (503 relay_unavailable) until it does; simulate and every other route are untouched.
 */
import { createServiceError } from '../../../lib/errors.js'
import { getMsUntilQuotaReset, getQuotaDay } from '../../../lib/limits/limit-plans.js'
import { openRedisLimitsStore, type RedisLimitsStoreOptions } from '../../../lib/limits/redis-limits-connection.js'
import type { TipLedger } from './tip-ledger.js'

export const DEFAULT_TIP_LEDGER_KEY_PREFIX = 'pf:'

const STATUS_NEEDS_SEED = -1
const STATUS_OVER_CAP = 0
const STATUS_ADDED = 1

/** ARGV: lamports, cap, ttl ms, seed ('' when none is known yet). Returns {status, total as text}. */
const RESERVE_SCRIPT = `
local total = redis.call('GET', KEYS[1])
if not total then
  if ARGV[4] == '' then return {${STATUS_NEEDS_SEED}, '0'} end
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[3], 'NX')
  total = redis.call('GET', KEYS[1])
end
local lamports = tonumber(ARGV[1])
if tonumber(total) + lamports > tonumber(ARGV[2]) then return {${STATUS_OVER_CAP}, total} end
total = redis.call('INCRBY', KEYS[1], lamports)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {${STATUS_ADDED}, tostring(total)}
`

/** ARGV: lamports. Never below 0; a key that expired stays gone. */
const RELEASE_SCRIPT = `
local total = redis.call('GET', KEYS[1])
if not total then return 0 end
local left = tonumber(total) - tonumber(ARGV[1])
if left < 0 then left = 0 end
redis.call('SET', KEYS[1], left, 'KEEPTTL')
return 1
`

/** Past the day's midnight, so an engine whose clock runs a little behind still finds the total. */
const TTL_MARGIN_MS = 3_600_000

type ReserveReply = [status: number, total: string]

interface TipLedgerCommands {
  preflightTipReserve(key: string, ...args: Array<string | number>): Promise<ReserveReply>
  preflightTipRelease(key: string, lamports: string): Promise<number>
}

export interface RedisTipLedgerOptions extends RedisLimitsStoreOptions {
  /** Prefix of every key; tests pass their own. Default `pf:`. */
  keyPrefix?: string
}

const unavailable = (cause?: unknown) =>
  createServiceError(
    'relay_unavailable',
    'The managed-tip ledger (Redis) is not reachable: no managed tip is paid until it is; nothing was sent.',
    cause,
  )

/** Creates a ledger over Redis; fails closed (relay_unavailable) when Redis does not answer. */
export function createRedisTipLedger(options: RedisTipLedgerOptions): TipLedger {
  const keyPrefix = options.keyPrefix ?? DEFAULT_TIP_LEDGER_KEY_PREFIX
  const store = openRedisLimitsStore(options, 'managed-tip ledger (Redis) unreachable: refusing managed tips until it answers')
  store.redis.defineCommand('preflightTipReserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT })
  store.redis.defineCommand('preflightTipRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT })
  const commands = store.redis as unknown as TipLedgerCommands
  const keyOf = (userId: string, day: number) => `${keyPrefix}tips:{${userId}}:${day}`

  async function run(key: string, lamports: bigint, capLamports: bigint, nowMs: number, seed: string): Promise<ReserveReply> {
    if (!store.isUsable()) throw unavailable()
    // Relative (PEXPIRE), as admission's quota: an injected clock cannot expire a total early.
    const ttlMs = getMsUntilQuotaReset(nowMs) + TTL_MARGIN_MS
    try {
      return await commands.preflightTipReserve(key, lamports.toString(), capLamports.toString(), ttlMs, seed)
    } catch (error) {
      store.warnOutage(error)
      throw unavailable(error)
    }
  }

  return {
    async reserve(userId, nowMs, lamports, capLamports, seed) {
      const key = keyOf(userId, getQuotaDay(nowMs))
      let [status, total] = await run(key, lamports, capLamports, nowMs, '')
      if (status === STATUS_NEEDS_SEED) [status, total] = await run(key, lamports, capLamports, nowMs, (await seed()).toString())
      return { ok: status === STATUS_ADDED, spentLamports: BigInt(total) }
    },
    async release(userId, nowMs, lamports) {
      if (!store.isUsable()) return
      try {
        await commands.preflightTipRelease(keyOf(userId, getQuotaDay(nowMs)), lamports.toString())
      } catch (error) {
        // A release that fails leaves the tip counted: the cap errs on the side of the wallet.
        store.warnOutage(error)
      }
    },
    close: () => store.close(),
  }
}
