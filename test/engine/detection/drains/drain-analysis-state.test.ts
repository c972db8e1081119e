// The drain checks that only the simulated state can show: a program called by the transaction
// (a CPI, invisible in its top-level instructions) takes the signer's wallet or token account, or
// moves its lamports or tokens away while the signer gets nothing back. No program binary on this
// machine does that, so the state is set on a real, decoded transaction.
import t from 'tap'
import { address, generateKeyPairSigner, getAddressEncoder } from '@solana/kit'
import { analyzeDrains, type DrainAnalysis } from '../../../../engine/detection/drains/drain-analysis.js'
import { createLookalikeIndex } from '../../../../engine/detection/drains/lookalike-address.js'
import type { VectorContext } from '../../../../engine/detection/vectors/vector-context.js'
import { buildTransaction } from '../../../helpers/transactions.js'
import { createTestContext } from '../vectors/vector-context-fixture.js'

/** The findings of the analysis with no wallet history (it then answers synchronously). */
const getDrainFindings = (context: VectorContext) =>
  (analyzeDrains(context, { symbolOf: () => null, wellKnown: createLookalikeIndex([]) }) as DrainAnalysis).findings

const SYSTEM = new Uint8Array(32)
const TOKEN_PROGRAM = new Uint8Array(getAddressEncoder().encode(address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')))
const bytesOf = (value: string) => new Uint8Array(getAddressEncoder().encode(address(value)))

/** An initialized SPL token account's 165 bytes. */
function tokenAccountData(mint: string, owner: string, amount: bigint, delegate?: string): Uint8Array {
  const data = new Uint8Array(165)
  data.set(bytesOf(mint), 0)
  data.set(bytesOf(owner), 32)
  new DataView(data.buffer).setBigUint64(64, amount, true)
  if (delegate) {
    data[72] = 1
    data.set(bytesOf(delegate), 76)
    new DataView(data.buffer).setBigUint64(121, amount, true) // delegated_amount: all of it
  }
  data[108] = 1
  return data
}

t.test('a CPI that takes the wallet, the token account, or moves assets away', async (t) => {
  const wallet = (await generateKeyPairSigner()).address
  const attacker = (await generateKeyPairSigner()).address
  const program = (await generateKeyPairSigner()).address
  const tokenAccount = (await generateKeyPairSigner()).address
  const mint = (await generateKeyPairSigner()).address
  const bytes = await buildTransaction({
    feePayer: wallet,
    blockhash: '11111111111111111111111111111111',
    instructions: [
      {
        programAddress: program,
        accounts: [
          { address: tokenAccount, role: 1 },
          { address: attacker, role: 1 },
        ],
        data: new Uint8Array([7]),
      },
    ],
  })
  const walletBefore = { lamports: 10_000_000_000n, data: new Uint8Array(0), owner: SYSTEM, executable: false, rentEpoch: 0n }
  const tokenBefore = {
    lamports: 2_039_280n,
    data: tokenAccountData(mint, wallet, 5_000n),
    owner: TOKEN_PROGRAM,
    executable: false,
    rentEpoch: 0n,
  }

  t.test('the wallet assigned away by a CPI: critical, with no instruction to point at', async (t) => {
    const context = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: { [wallet]: { lamports: 9_999_995_000n, owner: bytesOf(program), data: new Uint8Array(0) } },
    })
    t.same(getDrainFindings(context), [
      {
        code: 'owner_reassigned',
        severity: 'critical',
        message: `the signer's account is assigned to program ${program}, which then controls it and everything sent to it`,
        instruction_index: null,
        accounts: [wallet, program],
      },
    ])
  })

  t.test("the token account's owner or delegate changed by a CPI", async (t) => {
    const ownerTaken = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: { [tokenAccount]: { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data: tokenAccountData(mint, attacker, 5_000n) } },
    })
    t.match(getDrainFindings(ownerTaken), [
      { code: 'token_authority_transferred', severity: 'critical', instruction_index: 0, accounts: [tokenAccount, attacker] },
    ])
    const delegated = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: { [tokenAccount]: { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data: tokenAccountData(mint, wallet, 5_000n, attacker) } },
    })
    t.match(getDrainFindings(delegated), [{ code: 'token_delegate_approved', severity: 'critical', accounts: [tokenAccount, attacker] }])
    const unchanged = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: { [tokenAccount]: { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data: tokenAccountData(mint, wallet, 4_000n) } },
    })
    t.same(
      getDrainFindings(unchanged).filter((finding) => finding.code !== 'unexplained_outflow'),
      [],
      'a balance change alone is not an authority change',
    )
  })

  t.test('lamports or tokens leave the signer for nothing in return', async (t) => {
    const sol = createTestContext(bytes, {
      entries: { [wallet]: walletBefore },
      post: { [wallet]: { lamports: 7_999_995_000n, owner: SYSTEM, data: new Uint8Array(0) } },
      balanceChanges: [
        { account: wallet, mint: null, owner: null, decimals: 9, pre: '10000000000', post: '7999995000', delta: '-2000005000' },
        { account: attacker, mint: null, owner: null, decimals: 9, pre: '1', post: '2000000001', delta: '2000000000' },
      ],
    })
    t.same(
      getDrainFindings(sol),
      [
        {
          code: 'unexplained_outflow',
          severity: 'high',
          message: '2000000000 lamports leave the signer through a program it calls, and it receives nothing in return',
          instruction_index: null,
          accounts: [wallet],
        },
      ],
      'the fee is not counted',
    )
    const tokens = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: {
        [wallet]: { lamports: 9_999_995_000n, owner: SYSTEM, data: new Uint8Array(0) },
        [tokenAccount]: { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data: tokenAccountData(mint, wallet, 0n) },
      },
      balanceChanges: [
        { account: wallet, mint: null, owner: null, decimals: 9, pre: '10000000000', post: '9999995000', delta: '-5000' },
        { account: tokenAccount, mint, owner: wallet, decimals: 6, pre: '5000', post: '0', delta: '-5000' },
      ],
    })
    t.match(
      getDrainFindings(tokens),
      [{ code: 'unexplained_outflow', severity: 'critical', accounts: [tokenAccount, wallet], message: /^5000 tokens leave/ }],
      'the whole balance, through a program: critical',
    )
    const swap = createTestContext(bytes, {
      entries: { [wallet]: walletBefore, [tokenAccount]: tokenBefore },
      post: {
        [wallet]: { lamports: 8_999_995_000n, owner: SYSTEM, data: new Uint8Array(0) },
        [tokenAccount]: { lamports: 2_039_280n, owner: TOKEN_PROGRAM, data: tokenAccountData(mint, wallet, 905_000n) },
      },
      balanceChanges: [
        { account: wallet, mint: null, owner: null, decimals: 9, pre: '10000000000', post: '8999995000', delta: '-1000005000' },
        { account: tokenAccount, mint, owner: wallet, decimals: 6, pre: '5000', post: '905000', delta: '900000' },
      ],
    })
    t.same(getDrainFindings(swap), [], 'something came back: a trade, which the slippage and MEV vectors judge')
    const intoNewAccount = createTestContext(bytes, {
      entries: { [wallet]: walletBefore },
      post: {
        [wallet]: { lamports: 499_995_000n, owner: SYSTEM, data: new Uint8Array(0) },
        [attacker]: { lamports: 9_500_000_000n, owner: SYSTEM, data: new Uint8Array(0) },
      },
      balanceChanges: [
        { account: wallet, mint: null, owner: null, decimals: 9, pre: '10000000000', post: '499995000', delta: '-9500005000' },
        { account: attacker, mint: null, owner: null, decimals: 9, pre: '0', post: '9500000000', delta: '9500000000' },
      ],
    })
    t.match(
      getDrainFindings(intoNewAccount),
      [{ code: 'unexplained_outflow', severity: 'critical', accounts: [wallet], message: /^9499109120 lamports leave/ }],
      "into an account the CPI creates: only its rent (890,880 lamports for no data) is the fee payer's to pay",
    )
    const failed = createTestContext(bytes, { entries: { [wallet]: walletBefore }, success: false, balanceChanges: [] })
    t.same(getDrainFindings(failed), [], 'a failed simulation moves nothing')
  })
})
