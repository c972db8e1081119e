// "Its own token" is the receiver's alone: a token is its own only when the signer receiving it
// holds its mint authority and every authority over its traps. A co-signing seller's authority
// (the presale of a honeypot) makes nothing the buyer's own, and one authority left with another
// key (a permanent delegate, a fee authority) is enough to keep the token's risk.
import t from 'tap'
import { fromAccountKey, fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import type { MintFacts } from '../../../../engine/detection/tokens/mint-facts.js'
import { getOwningReceiver, getTokenRisk } from '../../../../engine/detection/vectors/rug-vector.js'
import { toBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createPlainMintFacts } from '../../../helpers/plain-mint-facts.js'

const BUYER = fromBase58Address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
const SELLER = fromBase58Address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const MINT = fromBase58Address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')

function facts(overrides: Partial<MintFacts>): MintFacts {
  return createPlainMintFacts({ supply: 1_000_000_000n, extensions: ['permanentDelegate'], ...overrides })
}

const key = (value: AccountKey) => fromAccountKey(value)
const trap = (holder: AccountKey) => facts({ mintAuthority: key(holder), permanentDelegate: key(holder) })
const deps = { banned: new Map<AccountKey, string>(), established: new Map<AccountKey, string>() }

t.test('the receiver holding the mint authority and the trap: its own token', async (t) => {
  t.equal(getOwningReceiver(trap(BUYER), [BUYER]), BUYER)
  const risk = getTokenRisk(
    { mint: MINT, facts: trap(BUYER), symbol: null, liquidity: null, owner: BUYER, paid: true },
    deps,
    toBase58Address,
  )
  t.equal(risk.risk_level, 'low')
  t.ok(
    risk.reasons.some((reason) => reason.includes(`(${toBase58Address(BUYER)}) holds its mint authority`)),
    risk.reasons.join('; '),
  )
})

t.test("a co-signing seller's authority makes nothing the buyer's own: a paid honeypot is critical", async (t) => {
  t.equal(getOwningReceiver(trap(SELLER), [BUYER]), null, 'the seller signs, but receives nothing')
  const risk = getTokenRisk(
    { mint: MINT, facts: trap(SELLER), symbol: null, liquidity: null, owner: null, paid: true },
    deps,
    toBase58Address,
  )
  t.equal(risk.risk_level, 'critical')
  t.ok(risk.flags.includes('honeypot'))
})

t.test('one authority left with another key keeps the risk, whoever holds the mint authority', async (t) => {
  t.equal(getOwningReceiver(facts({ mintAuthority: key(BUYER), permanentDelegate: key(SELLER) }), [BUYER]), null, 'permanent delegate')
  const fee = { bps: 10_000, maximumFee: 2n ** 64n - 1n, authority: key(SELLER) }
  t.equal(getOwningReceiver(facts({ mintAuthority: key(BUYER), transferFee: fee }), [BUYER]), null, 'transfer fee authority')
  t.equal(getOwningReceiver(facts({ mintAuthority: key(BUYER), freezeAuthority: key(SELLER) }), [BUYER]), null, 'freeze authority')
  t.equal(getOwningReceiver(facts({ mintAuthority: key(BUYER), transferHookAuthority: key(SELLER) }), [BUYER]), null, 'hook authority')
  t.equal(getOwningReceiver(facts({ mintAuthority: null, permanentDelegate: key(BUYER) }), [BUYER]), null, 'no mint authority: no issuer')
})

t.test('received for free, a honeypot warns and does not block', async (t) => {
  const risk = getTokenRisk(
    { mint: MINT, facts: trap(SELLER), symbol: null, liquidity: null, owner: null, paid: false },
    deps,
    toBase58Address,
  )
  t.equal(risk.risk_level, 'medium')
})
