import t from 'tap'
import { getBase58Decoder, type Address } from '@solana/kit'
import { getSetComputeUnitPriceInstructionDataDecoder } from '@solana-program/compute-budget'
import type { SubscribeUpdate } from '@triton-one/yellowstone-grpc'
import { PRIORITY_FEE_WINDOW_DEFAULTS } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { STREAMED_TRANSACTION_PROGRAMS } from '../../../../engine/detection/programs/streamed-programs.js'
import { createTrafficGenerator } from '../../../../localnet/traffic/traffic-generator.js'
import { connectGeyserClient, subscribeGeyser } from '../../../helpers/geyser-client.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const base58 = getBase58Decoder()
const priceDecoder = getSetComputeUnitPriceInstructionDataDecoder()
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'

/** What the test reads of a landed transaction, on its own (kit and the program client), not with the engine's code. */
function readLanded(update: SubscribeUpdate): { price: number; writable: Set<string> } {
  const info = update.transaction!.transaction!
  const message = info.transaction!.message!
  const keys = message.accountKeys.map((key) => base58.decode(key))
  const header = message.header!
  const writable = new Set<string>()
  keys.forEach((key, i) => {
    const signed = i < header.numRequiredSignatures
    if (signed ? i < header.numRequiredSignatures - header.numReadonlySignedAccounts : i < keys.length - header.numReadonlyUnsignedAccounts)
      writable.add(key)
  })
  for (const key of info.meta!.loadedWritableAddresses) writable.add(base58.decode(key))
  let price = 0
  for (const instruction of message.instructions) {
    if (keys[instruction.programIdIndex] === COMPUTE_BUDGET && instruction.data[0] === 3) {
      price = Number(priceDecoder.decode(instruction.data).microLamports)
      break
    }
  }
  return { price, writable }
}

/** Nearest-rank percentiles after a plain sort: the textbook definition. */
function percentiles(prices: number[]) {
  const sorted = [...prices].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p * sorted.length) / 100))) - 1] ?? 0
  return { low: at(25), medium: at(50), high: at(75), very_high: at(95), samples: sorted.length }
}

t.test('priority fees in a simulate equal a direct computation over the transactions that landed', async (t) => {
  const stack = await startStack(t, { geyser: true, autoAdvance: false })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  localnet.chain.advanceSlot(1)
  await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, 'first block')

  // A second subscriber with the engine's transaction filter sees the same landed transactions.
  const client = await connectGeyserClient(localnet.geyserUrl)
  const observer = await subscribeGeyser(t, client, {
    transactions: { landed: { vote: false, accountInclude: [...STREAMED_TRANSACTION_PROGRAMS], accountExclude: [], accountRequired: [] } },
  })

  const wallets = new Map<string, number>()
  const traffic = createTrafficGenerator({
    rpcUrl: localnet.rpcUrl,
    ratePerS: 200,
    seed: 7,
    walletCount: 4,
    mix: { solTransfer: 0.15, tokenTransfer: 0.8, failing: 0.05, swap: 0 },
    logger: quietLogger,
    onSent: (sent) => wallets.set(sent.from, (wallets.get(sent.from) ?? 0) + 1),
  })
  await traffic.start()
  // Stopped on failure too, or the generator keeps the test process alive to its timeout.
  t.teardown(() => traffic.stop())
  // The generator signs in JS: on a loaded 2-core machine 200 landings can take many seconds.
  await waitUntil(() => observer.received.filter((u) => u.transaction).length >= 200, 40_000, '200 streamed transactions')
  await traffic.stop()
  const streamed = () => observer.received.filter((u) => u.transaction)
  // The last landed ones reach both streams when they will: on a loaded machine that takes a
  // while, so wait until both counts agree and stay put for 500 ms.
  let stableSince = Date.now()
  let last = -1
  await waitUntil(
    () => {
      const count = streamed().length
      if (count !== last || engine.geyser!.transactionsRecorded !== count) {
        last = count
        stableSince = Date.now()
        return false
      }
      return Date.now() - stableSince >= 500
    },
    20_000,
    'both streams carried every landed transaction',
  )
  // The window publishes its sorted copy when it moves to the next slot.
  localnet.chain.advanceSlot(1)
  await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, 'next block')

  const landed = streamed().map(readLanded)
  t.ok(landed.some((tx) => tx.price > 0) && new Set(landed.map((tx) => tx.price)).size > 3, 'varied prices landed')

  // A transaction writing a busy traffic wallet: the percentiles of the transactions that wrote it.
  const [busy] = [...wallets.entries()].sort((a, b) => b[1] - a[1])[0]!
  const nobody = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address // no landed transaction writes it
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: busy as Address,
    blockhash: value.blockhash,
    computeUnitPriceMicroLamports: 1n,
    instructions: [transferSol(busy as Address, busy as Address, 1n)],
  })
  const response = await engine.simulate(bytes)
  // The window keeps an account's most recent samples only (its memory bound).
  const expected = percentiles(
    landed
      .filter((tx) => tx.writable.has(busy))
      .slice(-PRIORITY_FEE_WINDOW_DEFAULTS.maxSamplesPerAccount)
      .map((tx) => tx.price),
  )
  t.ok(expected.samples >= 10, `enough samples for the account (${expected.samples})`)
  t.same(response.priority_fees, expected, 'accounts percentiles')
  const advice = response.recommendations.filter((r) => r.code === 'set_compute_unit_price')
  if (expected.medium > 1)
    t.match(
      advice,
      [{ message: new RegExp(`set it to ${expected.high} `) }],
      'a price of 1 is below the median: raise it to the 75th percentile',
    )
  else t.same(advice, [], 'a price of 1 is not below a median of 0 or 1: no advice')

  // An account nobody wrote: the global window.
  const quiet = await buildTransaction({ feePayer: nobody, blockhash: value.blockhash, instructions: [transferSol(nobody, nobody, 1n)] })
  const global = await engine.simulate(quiet)
  t.same(global.priority_fees, percentiles(landed.map((tx) => tx.price)), 'global percentiles')
})
