/**
 * lib/grpc/message-encoder.ts writes the bytes proto-loader's serializer writes (the port's own
 * codec, the one grpc-js runs), or answers undefined so the caller falls back to it: checked over
 * seeded random messages of every message type of proto/engine.proto (strings in every UTF-8
 * width, lone surrogates, lengths around each varint step, nested and recursive messages, null and
 * left-out fields), over values `fromObject` would convert, and over real simulate answers through
 * the engine's own encoding (engine/messages/simulate-response-encoding.ts).
 */
import t from 'tap'
import type { MessageTypeDefinition, PackageDefinition } from '@grpc/proto-loader'
import { type Address } from '@solana/kit'
import { loadEngineProtoDefinition } from '../../../lib/grpc/load-proto.js'
import { createMessageEncoder } from '../../../lib/grpc/message-encoder.js'
import { createSeededRandom, type SeededRandom } from '../../../localnet/traffic/seeded-random.js'
import { encodeSimulateResponse, encodeSimulateResponseMessage } from '../../../engine/messages/simulate-response-encoding.js'
import { toSimulateResponseMessage } from '../../../engine/messages/simulate-message.js'
import type { SimulateResponse } from '../../../engine/contract/simulate-response.js'
import { parseSimulateOptions } from '../../../engine/hot-path/simulate/simulate-options.js'
import { simulateTransaction } from '../../../engine/hot-path/simulate/simulate-transaction.js'
import { DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../../localnet/seed/demo-state.js'
import { createSimulateDependencies } from '../../helpers/simulate-dependencies.js'
import { startStack } from '../../helpers/stack.js'
import { buildTransaction, transferSol, transferToken } from '../../helpers/transactions.js'

const definition = loadEngineProtoDefinition()
const SIMULATE_RESPONSE = 'preflight.engine.v1.SimulateResponse'

interface FieldDescriptor {
  name: string
  label: string
  type: string
  typeName: string
}

function getFields(fullName: string): FieldDescriptor[] {
  return (definition[fullName] as { type: { field: FieldDescriptor[] } }).type.field
}

function getSerializer(fullName: string): (value: object) => Buffer {
  return (definition[fullName] as MessageTypeDefinition<object, object>).serialize
}

function getMessageNames(packageDefinition: PackageDefinition): string[] {
  return Object.keys(packageDefinition).filter((name) =>
    (packageDefinition[name] as { format?: string }).format?.endsWith('DescriptorProto'),
  )
}

const STRINGS = [
  '',
  'a',
  'approve',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'x'.repeat(39),
  'x'.repeat(40),
  'y'.repeat(127),
  'y'.repeat(128),
  'z'.repeat(300),
  'Program log: Instruction: Transfer',
  'é',
  'prix: 12 €',
  '中文字符串',
  'emoji 🚀 in a string',
  '🚀'.repeat(30),
  '\ud800',
  'lone \udc00 surrogate',
  `${'s'.repeat(34)}\udc00`,
  `${'s'.repeat(39)}\ud800`,
  `${'long with a lone surrogate '.repeat(3)}\ud83d`,
  `${'a long accented line, '.repeat(4)}é`,
]
const UNSIGNED = [0, 1, 127, 128, 255, 16_383, 16_384, 2_097_151, 2_097_152, 2 ** 31, 2 ** 32 - 1]
const LARGE_UNSIGNED = [2 ** 32, 2 ** 35 + 7, 2 ** 49, Number.MAX_SAFE_INTEGER]
const DOUBLES = [0, -0, 1.5, -2.25, 0.000005, 1e300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 447_552_000]

/** A random value of one field: null, left out or a value of its type; nested messages to `depth`. */
function randomValue(random: SeededRandom, field: FieldDescriptor, packageName: string, depth: number): unknown {
  switch (field.type) {
    case 'TYPE_STRING':
      return random.pick(STRINGS)
    case 'TYPE_BOOL':
      return random.next() < 0.5
    case 'TYPE_UINT32':
      return random.pick(UNSIGNED)
    case 'TYPE_UINT64':
    case 'TYPE_INT64':
      return random.pick([...UNSIGNED, ...LARGE_UNSIGNED])
    case 'TYPE_DOUBLE':
      return random.pick(DOUBLES)
    case 'TYPE_BYTES':
      return Uint8Array.from({ length: random.pick([0, 1, 32, 64, 200]) }, () => random.int(0, 255))
    case 'TYPE_MESSAGE':
      return depth > 3 ? null : randomMessage(random, packageName + field.typeName, depth + 1)
    default:
      throw new Error(`no random value for ${field.type}`)
  }
}

function randomMessage(random: SeededRandom, fullName: string, depth = 0): Record<string, unknown> {
  const packageName = fullName.slice(0, fullName.lastIndexOf('.') + 1)
  const message: Record<string, unknown> = {}
  for (const field of getFields(fullName)) {
    const roll = random.next()
    if (roll < 0.1) continue
    if (roll < 0.2) {
      message[field.name] = random.next() < 0.5 ? null : undefined
      continue
    }
    message[field.name] =
      field.label === 'LABEL_REPEATED'
        ? // A repeated message at the depth limit is left empty: null is no element of a list.
          Array.from({ length: field.type === 'TYPE_MESSAGE' && depth > 3 ? 0 : random.int(0, depth > 2 ? 1 : 3) }, () =>
            randomValue(random, field, packageName, depth),
          )
        : randomValue(random, field, packageName, depth)
  }
  return message
}

t.test('every message type of engine.proto: the same bytes as proto-loader, for seeded random messages', (t) => {
  const random = createSeededRandom(20_261_201)
  let encoded = 0
  let compared = 0
  for (const fullName of getMessageNames(definition)) {
    const encoder = createMessageEncoder(definition, fullName)
    const serialize = getSerializer(fullName)
    for (let i = 0; i < 60; i++) {
      const message = randomMessage(random, fullName)
      const fast = encoder.encode(message)
      compared++
      if (!fast) continue
      encoded++
      const expected = serialize(message)
      if (!fast.equals(expected)) {
        t.fail(`${fullName}: ${fast.toString('hex')} != ${expected.toString('hex')} for ${JSON.stringify(message)}`)
        return t.end()
      }
    }
  }
  // The generator makes only plain forms (safe non-negative integers): every message is encoded, none falls back.
  t.equal(encoded, compared, `${compared} messages encoded alike`)
  t.end()
})

t.test('nested messages whose length needs one, two and three bytes', (t) => {
  const encoder = createMessageEncoder(definition, SIMULATE_RESPONSE)
  const serialize = getSerializer(SIMULATE_RESPONSE)
  for (const lines of [1, 10, 2_000]) {
    const message = {
      success: true,
      summary: [{ signer: DEMO_WALLETS[0], lines: Array.from({ length: lines }, (_, i) => `line ${i} of the summary`) }],
      call_tree: [
        {
          program_id: 'A',
          depth: 1,
          success: true,
          children: [{ program_id: 'B', depth: 2, success: false, error: 'x'.repeat(200), children: [] }],
        },
      ],
    }
    const fast = encoder.encode(message)
    t.ok(fast?.equals(serialize(message)), `${lines} summary lines: ${fast?.length} bytes, alike`)
  }
  t.end()
})

t.test('a value fromObject would convert or refuse is left to the fallback, which encodes it as before', (t) => {
  const encoder = createMessageEncoder(definition, SIMULATE_RESPONSE)
  const cases: Array<[string, Record<string, unknown>]> = [
    ['a number in a string field', { decision: 5 }],
    ['a string in a uint64 field', { context_slot: '447552000' }],
    ['a negative uint64', { context_slot: -1 }],
    ['a uint64 past 2^53', { context_slot: 2 ** 60 }],
    ['a fraction in a uint64 field', { context_slot: 1.5 }],
    ['a uint32 past 2^32', { fee_details: { signatures: 2 ** 32 } }],
    ['a number in a bool field', { success: 1 }],
    ['a string in a repeated string', { logs: ['a', 7] }],
    ['a non-array in a repeated field', { logs: 'Program log' }],
    ['a string in a message field', { risk: 'high' }],
    ['an array in a message field', { fee_details: [] }],
    ['null in a repeated message', { call_tree: [null] }],
  ]
  const serialize = getSerializer(SIMULATE_RESPONSE)
  for (const [name, message] of cases) {
    t.equal(encoder.encode(message), undefined, `${name}: not encoded here`)
    let expected: Buffer | Error
    try {
      expected = serialize(message)
    } catch (error) {
      expected = error as Error
    }
    t.ok(
      expected instanceof Error || expected.length >= 0,
      `${name}: proto-loader ${expected instanceof Error ? 'refuses it' : 'converts it'}`,
    )
  }
  const negative = createMessageEncoder(definition, 'preflight.engine.v1.Extractable')
  t.equal(negative.encode({ attacker_profit_lamports: -5 }), undefined, 'a negative int64 falls back')
  t.end()
})

t.test('a message past the scratch buffer falls back; an own buffer is transferable', (t) => {
  const encoder = createMessageEncoder(definition, SIMULATE_RESPONSE)
  t.equal(
    encoder.encode({ logs: Array.from({ length: 3_000 }, () => 'l'.repeat(100)) }),
    undefined,
    '≈300 KB of logs: left to proto-loader',
  )
  const message = { success: true, logs: ['Program 11111111111111111111111111111111 invoke [1]'] }
  const own = encoder.encode(message, true) as Buffer
  t.equal(own.byteOffset, 0)
  t.equal(own.buffer.byteLength, own.length, 'the buffer holds the message alone')
  t.ok(own.equals(getSerializer(SIMULATE_RESPONSE)(message)))
  t.ok(encoder.encode(message)?.equals(own), 'the pooled form holds the same bytes')
  t.end()
})

t.test('real simulate answers: the engine encodes them as proto-loader does', async (t) => {
  const { engine, rpc } = await startStack(t)
  const deps = createSimulateDependencies(engine)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const payer = DEMO_WALLETS[1] as Address
  const owner = DEMO_WALLETS[0] as Address
  const transactions = [
    [transferSol(payer, DEMO_WALLETS[2] as Address, 1_000n)],
    [transferSol(payer, DEMO_WALLETS[2] as Address, 10n ** 18n)],
    [transferToken(DEMO_TOKEN_ACCOUNTS[0] as Address, DEMO_TOKEN_ACCOUNTS[1] as Address, owner, 1n)],
  ]
  const serialize = getSerializer(SIMULATE_RESPONSE)
  const answers: SimulateResponse[] = []
  for (const instructions of transactions) {
    const feePayer = instructions === transactions[2] ? owner : payer
    const bytes = await buildTransaction({ feePayer, blockhash: value.blockhash, instructions })
    answers.push(await simulateTransaction(deps, bytes, parseSimulateOptions({})))
  }
  t.ok(
    answers.some((answer) => !answer.success),
    'a failing answer among them',
  )
  for (const answer of answers) {
    const expected = serialize(toSimulateResponseMessage(answer))
    t.ok(Buffer.from(encodeSimulateResponseMessage(answer)).equals(expected), `${answer.failure_code ?? 'success'}: the worker's bytes`)
    t.ok(
      Buffer.from(encodeSimulateResponse(answer).message).equals(expected),
      `${answer.failure_code ?? 'success'}: the serving thread's bytes`,
    )
  }
})
