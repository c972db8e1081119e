/**
 * getDelegateRisk and getCloseAuthorityRisk, rule by rule (docs/api.md#wallet-approvals): a known
 * program authority within the balance is safe and beyond it low; unlimited or ≥ 90 % of the
 * balance to another key is critical on the curve and high off it; less is medium; nothing left is
 * low. A close authority other than the owner is critical. The thresholds sit exactly where the
 * constants say.
 */
import t from 'tap'
import { generateKeyPairSigner, getProgramDerivedAddress, isOffCurveAddress } from '@solana/kit'
import { getCloseAuthorityRisk } from '../../../../engine/detection/tokens/close-authority-risk.js'
import {
  getDelegateRisk,
  isNearFullDelegation,
  NEAR_FULL_DELEGATION_BPS,
  UNLIMITED_DELEGATION,
} from '../../../../engine/detection/tokens/delegate-risk.js'

const RAYDIUM_AMM_V4_AUTHORITY = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1'

t.test('the delegate rules', async (t) => {
  const person = (await generateKeyPairSigner()).address
  const [pda] = await getProgramDerivedAddress({ programAddress: (await generateKeyPairSigner()).address, seeds: ['escrow'] })
  t.equal(isOffCurveAddress(person), false, 'a generated key is on the curve')
  t.equal(isOffCurveAddress(pda), true, 'a PDA is off the curve')

  const cases: Array<[string, Parameters<typeof getDelegateRisk>[0], string, string | null]> = [
    [
      'a known authority within the balance',
      { delegate: RAYDIUM_AMM_V4_AUTHORITY, delegatedAmount: 100n, balance: 100n },
      'safe',
      'Raydium AMM v4 authority',
    ],
    [
      'a known authority, unlimited',
      { delegate: RAYDIUM_AMM_V4_AUTHORITY, delegatedAmount: UNLIMITED_DELEGATION, balance: 100n },
      'low',
      'Raydium AMM v4 authority',
    ],
    [
      'a known authority, one more than the balance',
      { delegate: RAYDIUM_AMM_V4_AUTHORITY, delegatedAmount: 101n, balance: 100n },
      'low',
      'Raydium AMM v4 authority',
    ],
    ['a person, unlimited', { delegate: person, delegatedAmount: UNLIMITED_DELEGATION, balance: 5n }, 'critical', null],
    ['a person, unlimited on an empty account', { delegate: person, delegatedAmount: UNLIMITED_DELEGATION, balance: 0n }, 'critical', null],
    ['a person, exactly 90 %', { delegate: person, delegatedAmount: 900n, balance: 1_000n }, 'critical', null],
    ['a person, just under 90 %', { delegate: person, delegatedAmount: 899n, balance: 1_000n }, 'medium', null],
    ['a person, more than the balance', { delegate: person, delegatedAmount: 2_000n, balance: 1_000n }, 'critical', null],
    ['a person, any amount on an empty account', { delegate: person, delegatedAmount: 1n, balance: 0n }, 'critical', null],
    ['a person, nothing left', { delegate: person, delegatedAmount: 0n, balance: 1_000n }, 'low', null],
    ['a PDA, unlimited', { delegate: pda, delegatedAmount: UNLIMITED_DELEGATION, balance: 1_000n }, 'high', null],
    ['a PDA, all of it', { delegate: pda, delegatedAmount: 1_000n, balance: 1_000n }, 'high', null],
    ['a PDA, a tenth', { delegate: pda, delegatedAmount: 100n, balance: 1_000n }, 'medium', null],
  ]
  for (const [label, input, level, known] of cases) {
    const risk = getDelegateRisk(input)
    t.equal(risk.level, level, label)
    t.equal(risk.knownAuthority, known, `${label}: known authority`)
    t.equal(risk.reasons.length, 1, `${label}: one reason`)
    t.ok((risk.reasons[0] ?? '').length > 20, `${label}: a sentence`)
  }
  t.match(getDelegateRisk({ delegate: person, delegatedAmount: 250n, balance: 1_000n }).reasons, [/250 base units \(25 % of the balance\)/])
  t.match(getDelegateRisk({ delegate: person, delegatedAmount: UNLIMITED_DELEGATION, balance: 1n }).reasons, [/^an unlimited delegation/])
})

t.test('the near-full threshold is the constant', async (t) => {
  t.equal(NEAR_FULL_DELEGATION_BPS, 9_000n)
  t.equal(isNearFullDelegation(9_000n, 10_000n), true)
  t.equal(isNearFullDelegation(8_999n, 10_000n), false)
  t.equal(isNearFullDelegation(UNLIMITED_DELEGATION, UNLIMITED_DELEGATION), true)
  t.equal(isNearFullDelegation(0n, 0n), true, 'an empty account is covered by any delegation')
  // u64::MAX − 1 of a u64::MAX balance: the arithmetic is bigint, no precision lost.
  t.equal(isNearFullDelegation(UNLIMITED_DELEGATION - 1n, UNLIMITED_DELEGATION), true)
})

t.test('the close authority rule', async (t) => {
  const owner = (await generateKeyPairSigner()).address
  const other = (await generateKeyPairSigner()).address
  t.same(getCloseAuthorityRisk({ closeAuthority: owner, owner, isNative: false }), {
    level: 'safe',
    reasons: ['the close authority is the owner itself'],
  })
  const foreign = getCloseAuthorityRisk({ closeAuthority: other, owner, isNative: false })
  t.equal(foreign.level, 'critical')
  t.match(foreign.reasons, [/once it is empty and take its rent; only it can remove itself/])
  const wrapped = getCloseAuthorityRisk({ closeAuthority: other, owner, isNative: true })
  t.equal(wrapped.level, 'critical')
  t.match(wrapped.reasons, [/wrapped-SOL account at any time and take all its SOL/])
})
