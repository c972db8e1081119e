// The pure parts of the drain analysis: the account layouts roles are read from (nonce, stake,
// upgradeable loader, token), the look-alike rule, memo links, the display of amounts, and the
// counterparties a landed transaction shows (in the JSON shape getTransaction answers).
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getAccountRoles } from '../../../../engine/detection/drains/account-roles.js'
import { isNearFullDelegation as isNearTotal } from '../../../../engine/detection/tokens/delegate-risk.js'
import { findMemoLink } from '../../../../engine/detection/drains/lure-findings.js'
import { createLookalikeIndex, isLookalike } from '../../../../engine/detection/drains/lookalike-address.js'
import { toDisplayAmount, toShortAddress } from '../../../../engine/detection/drains/signer-summary.js'
import { fromAccountKey, fromBase58Address, toBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { addCounterparties } from '../../../../engine/detection/wallets/counterparty-history.js'

const SYSTEM = new Uint8Array(32)
const STAKE = fromAccountKey(fromBase58Address('Stake11111111111111111111111111111111111111'))
const LOADER = fromAccountKey(fromBase58Address('BPFLoaderUpgradeab1e11111111111111111111111'))

t.test('roles read from each layout', async (t) => {
  const authority = (await generateKeyPairSigner()).address
  const other = (await generateKeyPairSigner()).address
  const authorityBytes = fromAccountKey(fromBase58Address(authority))
  const otherBytes = fromAccountKey(fromBase58Address(other))

  const nonce = new Uint8Array(80)
  nonce[0] = 1 // Versions::Current
  nonce[4] = 1 // State::Initialized
  nonce.set(authorityBytes, 8)
  t.same(
    getAccountRoles(SYSTEM, nonce).map(({ role, holder }) => [role, toBase58Address(holder)]),
    [['nonce_authority', authority]],
  )
  t.same(getAccountRoles(SYSTEM, new Uint8Array(80)), [], 'an uninitialized nonce account has no authority')
  t.same(getAccountRoles(SYSTEM, new Uint8Array(0)), [], 'a wallet has none')

  const stake = new Uint8Array(200)
  stake[0] = 2 // StakeStateV2::Stake
  stake.set(authorityBytes, 12)
  stake.set(otherBytes, 44)
  t.same(
    getAccountRoles(STAKE, stake).map(({ role, holder }) => [role, toBase58Address(holder)]),
    [
      ['stake_staker', authority],
      ['stake_withdrawer', other],
    ],
  )

  const programData = new Uint8Array(45 + 100)
  programData[0] = 3
  programData[12] = 1
  programData.set(authorityBytes, 13)
  t.same(
    getAccountRoles(LOADER, programData).map(({ role, holder }) => [role, toBase58Address(holder)]),
    [['upgrade_authority', authority]],
  )
  programData[12] = 0
  t.same(getAccountRoles(LOADER, programData), [], 'an immutable program has no upgrade authority')
})

t.test('look-alikes share the first or last four characters, and are not the address itself', async (t) => {
  t.ok(isLookalike('7xKXabcdefghsAsU', '7xKXzzzzzzzzzzzz'))
  t.ok(isLookalike('Abcdefgh1234sAsU', 'ZzzzzzzzzzzzsAsU'))
  t.notOk(isLookalike('7xKXabcdefghsAsU', '7xKXabcdefghsAsU'))
  t.notOk(isLookalike('7xKYabcdefghsAsV', '7xKXabcdefghsAsU'))
  const index = createLookalikeIndex(['nope', '7xKXabcdsAsU', '1111111111111111111111111111111111'])
  t.equal(index.findImitated('7xKXqqqqsAsU'), '7xKXabcdsAsU')
  t.equal(index.findImitated('7xKXabcdsAsU'), undefined, 'a known address imitates nothing')
  t.equal(index.findImitated('Abc9zzzz1111'), '1111111111111111111111111111111111', 'a tail in common is enough')
  t.equal(index.findImitated('Abc9zzzzzzzz'), undefined)
})

t.test('a well-known list matches only at both ends: a fresh address is not a look-alike by chance', async (t) => {
  const index = createLookalikeIndex(['7xKXabcdsAsU'], 'both_ends')
  t.equal(index.findImitated('7xKqqqqqqAsU'), '7xKXabcdsAsU', 'three characters at both ends')
  t.equal(index.findImitated('7xKXqqqqqqqq'), undefined, 'four at the head only')
  t.equal(index.findImitated('qqqqqqqqsAsU'), undefined, 'four at the tail only')
  // Two fresh addresses that share one end with well-known ones (found by drawing keys): at one
  // end they were blocked as address poisoning, about 1 fresh recipient in 60,000.
  const wellKnown = createLookalikeIndex(
    ['ALPHAQmeA7bjrVuccPsYPiCvsi428SNwte66Srvs4pHA', 'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL'],
    'both_ends',
  )
  t.equal(wellKnown.findImitated('EZKQagsPWwuS6nxg3DJtVznLwDnKY6Lp2tJEZdoz4pHA'), undefined)
  t.equal(wellKnown.findImitated('GpMZFKFmvQLJjHwWUiYSi8ZEdaxSDdLsjr4YN6PZDLFy'), undefined)
  t.equal(
    createLookalikeIndex(['GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL']).findImitated('GpMZFKFmvQLJjHwWUiYSi8ZEdaxSDdLsjr4YN6PZDLFy'),
    'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL',
    'a counterparty still matches at one end',
  )
})

t.test('memo links', async (t) => {
  t.equal(findMemoLink('Claim your reward at https://sol-airdrop.example/claim'), 'https://sol-airdrop.example/claim')
  t.equal(findMemoLink('visit jup-rewards.xyz now'), 'jup-rewards.xyz')
  t.equal(findMemoLink('www.drainer.io'), 'www.drainer.io')
  t.equal(findMemoLink('order 4821, thank you'), null, 'a Solana Pay order id')
  t.equal(findMemoLink('payment for invoice 7.5'), null)
})

t.test('amounts and addresses as a wallet shows them', async (t) => {
  t.equal(toDisplayAmount(1_000_000_000n, 6), '1,000')
  t.equal(toDisplayAmount(1_500n, 9), '0.0000015')
  t.equal(toDisplayAmount(171_200_000_000n, 9), '171.2')
  t.equal(toDisplayAmount(1n, 0), '1')
  t.equal(toShortAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'), '7xKX…gAsU')
})

t.test('the whole balance is 90 % of it or more', async (t) => {
  t.ok(isNearTotal(0xffff_ffff_ffff_ffffn, 10n))
  t.ok(isNearTotal(999n, 1_000n), 'the whole balance minus one base unit')
  t.ok(isNearTotal(900n, 1_000n))
  t.notOk(isNearTotal(899n, 1_000n))
  t.ok(isNearTotal(1n, 0n), 'anything is all of nothing')
})

t.test('counterparties from a landed transaction', async (t) => {
  const address = async () => (await generateKeyPairSigner()).address
  const [wallet, friend, payer, mintOwner] = await Promise.all([address(), address(), address(), address()])
  const sent = {
    transaction: { message: { accountKeys: [wallet, friend, '11111111111111111111111111111111'], header: { numRequiredSignatures: 1 } } },
    meta: { err: null, preBalances: [10, 0, 1], postBalances: [5, 5, 1], preTokenBalances: [], postTokenBalances: [] },
  }
  const out = new Set<ReturnType<typeof fromBase58Address>>()
  addCounterparties(wallet, sent, out)
  t.same([...out].map(toBase58Address), [friend], 'the wallet paid its friend')

  // The signer whose own balance paid the wallet SOL is known; a sponsor paying only the fee is not.
  const sponsor = await address()
  const paid = {
    transaction: {
      message: { accountKeys: [sponsor, payer, wallet, '11111111111111111111111111111111'], header: { numRequiredSignatures: 2 } },
    },
    meta: { err: null, fee: 10_000, preBalances: [1e9, 1e9, 0, 1], postBalances: [1e9 - 10_000, 0.995e9, 5e6, 1] },
  }
  const received = new Set<ReturnType<typeof fromBase58Address>>()
  addCounterparties(wallet, paid, received)
  t.same([...received].map(toBase58Address), [payer], 'the signer that paid the wallet, not the co-signing sponsor')

  const dust = { ...paid, meta: { ...paid.meta, postBalances: [1e9 - 10_000, 1e9 - 1_000, 1_000, 1] } }
  const dusted = new Set<ReturnType<typeof fromBase58Address>>()
  addCounterparties(wallet, dust, dusted)
  t.equal(dusted.size, 0, 'dust (1,000 lamports) makes nobody known: a poisoner sends it from its look-alike')

  const tokens = {
    transaction: {
      message: { accountKeys: [payer, 'AccountX1111111111111111111111111111111111', wallet], header: { numRequiredSignatures: 1 } },
    },
    meta: {
      err: null,
      preBalances: [10, 2, 3],
      postBalances: [9, 2, 3],
      preTokenBalances: [{ accountIndex: 1, owner: wallet, uiTokenAmount: { amount: '0' } }],
      postTokenBalances: [{ accountIndex: 1, owner: wallet, uiTokenAmount: { amount: '7' } }],
    },
  }
  const tokenSenders = new Set<ReturnType<typeof fromBase58Address>>()
  addCounterparties(wallet, tokens, tokenSenders)
  t.equal(tokenSenders.size, 0, "tokens received make nobody known (a poisoner's fake tokens would)")

  const failed = { ...sent, meta: { ...sent.meta, err: { InstructionError: [0, 'Custom'] } } }
  const none = new Set<ReturnType<typeof fromBase58Address>>()
  addCounterparties(mintOwner, failed, none)
  t.equal(none.size, 0, 'a failed transaction paid nobody')
})

t.test('links in any form a lure writes them', async (t) => {
  t.equal(findMemoLink('join t.me/solclaims now'), 't.me/solclaims')
  t.equal(findMemoLink('rewards: bit.ly/3xYz'), 'bit.ly/3xYz')
  t.equal(findMemoLink('CLAIM AT SOLANA-GIFT.RU'), 'SOLANA-GIFT.RU')
  t.equal(findMemoLink('thanks for lunch. see you'), null, 'a sentence with a full stop')
  t.ok(isLookalike('7xKabcdefghijAsU', '7xKzzzzzzzzzzAsU'), 'three characters at both ends')
  t.notOk(isLookalike('7xKabcdefghijAsV', '7xKzzzzzzzzzzAsU'), 'three at one end only')
})
