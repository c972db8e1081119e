/**
 * A simulate response's tip fields cross gRPC whole: real answers (a bundle-bound transfer and a
 * plain one, from simulateTransaction with the relay's tips given) through the message mappers and
 * the Simulate method's own serializer and deserializer, the ones grpc-js runs. Set and null each
 * come back as they left, with lamports beyond 2^32 exact.
 */
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import type { TipFloor } from '../../../engine/contract/tips-response.js'
import type { SimulateResponse } from '../../../engine/contract/simulate-response.js'
import { fromSimulateResponseMessage, toSimulateResponseMessage } from '../../../engine/messages/simulate-message.js'
import { parseSimulateOptions } from '../../../engine/hot-path/simulate/simulate-options.js'
import { simulateTransaction } from '../../../engine/hot-path/simulate/simulate-transaction.js'
import { fromBase58Address } from '../../../engine/hot-path/state/account-key.js'
import { JITO_TIP_ACCOUNTS } from '../../../localnet/relay/tip-accounts.js'
import { DEMO_WALLETS } from '../../../localnet/seed/demo-state.js'
import { createSimulateDependencies } from '../../helpers/simulate-dependencies.js'
import { startStack } from '../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../helpers/transactions.js'

const payer = DEMO_WALLETS[1] as Address
const TIP = JITO_TIP_ACCOUNTS[0] as Address

const FLOOR: TipFloor = {
  slots: 150,
  sample_count: 7,
  p25: 1_000,
  p50: 4_000,
  p75: 20_000,
  p95: 3_000_000_000,
  p99: 2 ** 32 + 12_345,
  floor_lamports: 1_000,
  tip_accounts: [...JITO_TIP_ACCOUNTS],
}

/** `response` after the trip the engine's gRPC server and the edge's client make of it. */
function roundTrip(response: SimulateResponse): SimulateResponse {
  const method = loadEngineProto().preflight.engine.v1.Engine.service.Simulate
  const wire = method.responseSerialize(toSimulateResponseMessage(response))
  return fromSimulateResponseMessage(method.responseDeserialize(wire))
}

t.test('tip_lamports and tips come back from the gRPC message as they left', async (t) => {
  const { engine, rpc } = await startStack(t)
  const tipAccounts = new Set(JITO_TIP_ACCOUNTS.map(fromBase58Address))
  const deps = createSimulateDependencies(engine, { tips: { getTipAccounts: () => tipAccounts, getTipFloor: () => FLOOR } })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const simulate = async (lamports: bigint, to: Address) =>
    simulateTransaction(
      deps,
      await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, to, lamports)] }),
      parseSimulateOptions({}),
    )

  const tipped = await simulate(25_000n, TIP)
  t.equal(tipped.tip_lamports, 25_000)
  t.strictSame(roundTrip(tipped), tipped, 'a bundle-bound answer, whole')
  t.equal(roundTrip(tipped).tips?.p99, 2 ** 32 + 12_345, 'p99 beyond 2^32, exact')

  // Whether the payer can afford it or not, the tip is what the instruction says.
  const large = await simulate(6_000_000_000n, TIP)
  t.equal(large.tip_lamports, 6_000_000_000)
  t.equal(roundTrip(large).tip_lamports, 6_000_000_000, 'tip_lamports beyond 2^32, exact')

  const withoutSamples: SimulateResponse = {
    ...tipped,
    tips: { ...FLOOR, sample_count: 0, p25: null, p50: null, p75: null, p95: null, p99: null },
  }
  t.strictSame(roundTrip(withoutSamples), withoutSamples, 'percentiles without samples stay null')

  const plain = await simulate(1_000_000n, (await generateKeyPairSigner()).address)
  t.match(plain, { success: true, tip_lamports: null, tips: null })
  const back = roundTrip(plain)
  t.strictSame(back, plain, 'an answer that is not bundle-bound, whole')
  t.equal(back.tip_lamports, null, 'unset comes back null, not 0')
  t.equal(back.tips, null, 'an unset message comes back null')
})
