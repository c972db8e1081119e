/** getMintRisk's thresholds, summary flags and score on mint facts at their boundaries. */
import t from 'tap'
import type { MintFacts } from '../../../../engine/detection/tokens/mint-facts.js'
import { getMintRisk, HONEYPOT_FLOOR, MINT_FLAG_WEIGHTS } from '../../../../engine/detection/tokens/mint-risk.js'
import { createPlainMintFacts } from '../../../helpers/plain-mint-facts.js'

const KEY = new Uint8Array(32).fill(7)

function facts(overrides: Partial<MintFacts> = {}): MintFacts {
  return createPlainMintFacts({ supply: 1_000n, ...overrides })
}

const fee = (bps: number, maximumFee = 10n ** 9n) => ({ transferFee: { bps, maximumFee, authority: null } })

t.test('a mint with nothing to say scores 0', async (t) => {
  t.strictSame(getMintRisk(facts()), { flags: [], riskScore: 0, reasons: [] })
})

t.test('high_transfer_fee is strictly above the threshold, default 5 %', async (t) => {
  t.strictSame(getMintRisk(facts(fee(500))).flags, ['transfer_fee'])
  t.strictSame(getMintRisk(facts(fee(501))).flags, ['transfer_fee', 'high_transfer_fee'])
  t.strictSame(getMintRisk(facts(fee(501)), { transferFeeThresholdBps: 1_000 }).flags, ['transfer_fee'])
  t.strictSame(getMintRisk(facts(fee(0))).flags, [], 'a zero rate is no fee')
  t.strictSame(getMintRisk(facts(fee(9_000, 0n))).flags, [], 'a fee capped at zero withholds nothing')
})

t.test('a fee of half or more is a honeypot', async (t) => {
  t.notOk(getMintRisk(facts(fee(4_999))).flags.includes('honeypot'))
  const half = getMintRisk(facts(fee(5_000)))
  t.strictSame(half.flags, ['transfer_fee', 'high_transfer_fee', 'honeypot'])
  t.equal(half.riskScore, HONEYPOT_FLOOR)
  t.match(half.reasons[2], /50% transfer fee/)
})

t.test('a scheduled increase counts toward the high fee and honeypot flags', async (t) => {
  const rising = getMintRisk(facts({ ...fee(100), scheduledTransferFee: { bps: 10_000, maximumFee: 10n ** 9n, epoch: 901n } }))
  t.strictSame(rising.flags, ['transfer_fee', 'high_transfer_fee', 'transfer_fee_increase', 'honeypot'])
  t.match(rising.reasons[2], /rises to 100% at epoch 901/)
  const falling = getMintRisk(facts({ ...fee(300), scheduledTransferFee: { bps: 100, maximumFee: 10n ** 9n, epoch: 901n } }))
  t.strictSame(falling.flags, ['transfer_fee'], 'a decrease is not flagged')
})

t.test('each trap alone makes a honeypot', async (t) => {
  const traps: Array<[string, Partial<MintFacts>]> = [
    ['default_frozen', { defaultAccountStateFrozen: true }],
    ['non_transferable', { nonTransferable: true }],
    ['paused', { pausable: { paused: true, authority: KEY } }],
    ['permanent_delegate', { permanentDelegate: KEY }],
    ['transfer_hook', { transferHookProgram: KEY }],
  ]
  for (const [flag, overrides] of traps) {
    const risk = getMintRisk(facts(overrides))
    t.ok(risk.flags.includes(flag) && risk.flags.includes('honeypot'), flag)
    t.equal(risk.riskScore, HONEYPOT_FLOOR, `${flag} scores the honeypot floor`)
  }
  const notTraps: Array<Partial<MintFacts>> = [
    { pausable: { paused: false, authority: KEY } },
    { transferHookAuthority: KEY },
    { mintCloseAuthority: KEY },
    { freezeAuthority: KEY },
    { confidentialTransfers: true },
  ]
  for (const overrides of notTraps) t.notOk(getMintRisk(facts(overrides)).flags.includes('honeypot'), Object.keys(overrides).join())
})

t.test('default frozen without a freeze authority says nobody can thaw', async (t) => {
  t.match(getMintRisk(facts({ defaultAccountStateFrozen: true })).reasons[0], /no freeze authority is left/)
  t.match(getMintRisk(facts({ defaultAccountStateFrozen: true, freezeAuthority: KEY })).reasons[1], /only the freeze authority can thaw/)
})

t.test('a mint authority is a flag of its own, never rug_pull by itself; reasons pair with flags', async (t) => {
  const risk = getMintRisk(facts({ mintAuthority: KEY, unknownExtensionTypes: [29, 31] }))
  t.strictSame(risk.flags, ['mint_authority', 'unknown_extension'])
  t.equal(risk.reasons.length, risk.flags.length)
  t.match(risk.reasons[1], /29, 31/)
  t.equal(risk.riskScore, 0.25, `mint ${MINT_FLAG_WEIGHTS.mint_authority} + unknown ${MINT_FLAG_WEIGHTS.unknown_extension}`)
})

t.test('the score is the weights summed, capped at 1', async (t) => {
  t.equal(getMintRisk(facts({ mintAuthority: KEY, freezeAuthority: KEY, mintCloseAuthority: KEY })).riskScore, 0.45)
  const everything = getMintRisk(
    facts({
      mintAuthority: KEY,
      freezeAuthority: KEY,
      permanentDelegate: KEY,
      transferHookProgram: KEY,
      nonTransferable: true,
      defaultAccountStateFrozen: true,
      pausable: { paused: true, authority: KEY },
      ...fee(9_000),
    }),
  )
  t.equal(everything.riskScore, 1)
})
