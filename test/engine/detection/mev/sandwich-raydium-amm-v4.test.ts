// The sandwich of a swap priced on the real Raydium AMM v4 program (the mainnet binary in
// test/fixtures/programs), on a pool made on localnet. The pool cannot be created through the
// program here: its initialize2 calls the OpenBook market program, which localnet does not have.
// Its vaults are made with real transactions (associated token accounts of the program's
// authority, funded by the pool's creator), and the AmmInfo is written as the chain's state with
// status SwapOnly: in that status the swap reads the pool, its authority and its two vaults, and
// never the open orders, target orders or market accounts the instruction names (processor.rs
// `process_swap_base_in`: they are loaded only when the order book is enabled), so those are
// fresh keys with no account. Layouts: raydium-io/raydium-amm @ 78c6a81 (program/src/state.rs,
// instruction.rs, processor.rs), the last version before the V2 swaps, which this binary refuses.
// The engine's figures are checked against the venue's constant-product math and against the
// three transactions landed on localnet.
import t from 'tap'
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { buildTransaction } from '../../../helpers/localnet-transactions.js'
import { buildTransaction as buildUnsigned } from '../../../helpers/transactions.js'
import { getMintSize, mintSetupInstructions } from '../../../helpers/token-mint-setup.js'
import { startStack } from '../../../helpers/stack.js'
import { accountMeta as account } from '../../../helpers/anchor-instruction.js'
import { testMinimumAtQuote, testMinimumOnePercentUnder } from '../../../helpers/sandwich-bound-tests.js'
import { encodeRaydiumAmmV4, RAYDIUM_AMM_V4_FEES } from '../tokens/pool-test-chain.js'
import { raydiumAmmV4Sandwich } from '../../../../engine/detection/mev/sandwich-venues/raydium-amm-v4.js'
import type { InstructionAccount } from '../../../../engine/detection/mev/attacker-transaction.js'
import type { DecodedSwap } from '../../../../engine/detection/swaps/swap-types.js'

const AMM_V4 = address('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8')
/** The OpenBook program mainnet pools name (not on localnet; a SwapOnly swap never calls it). */
const OPENBOOK = address('srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX')
const WSOL = address('So11111111111111111111111111111111111111112')
/** AmmError::ExceededSlippage. */
const EXCEEDED_SLIPPAGE = 30
const POOL_SOL = 100_000_000_000n // 100 SOL
const POOL_TOKEN = 1_000_000_000_000n // 1,000,000 of a 6-decimal token
/** What an attacker's transactions ask; the engine's fork asks the same. */
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })
const TRADE = 1_000_000_000n // 1 SOL

/** SwapBaseIn's output for `amountIn`: the swap fee (25/10000, rounded up) off the input, then x·y = k (rounded down). */
function quoteAmmV4(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const net = amountIn - (amountIn * 25n + 9_999n) / 10_000n
  return (reserveOut * net) / (reserveIn + net)
}

/** Tag 9 SwapBaseIn (amount_in, minimum_amount_out) or 11 SwapBaseOut (max_amount_in, amount_out), two u64s. */
function getSwapData(tag: 9 | 11, first: bigint, second: bigint): Buffer {
  const data = Buffer.alloc(17)
  data[0] = tag
  data.writeBigUInt64LE(first, 1)
  data.writeBigUInt64LE(second, 9)
  return data
}

const freshKey = async () => (await generateKeyPairSigner()).address

// The V2 swaps (tags 16 and 17, 8 accounts, no order book) came after this binary, which refuses
// them (InvalidInstructionData): their attacker swaps are checked as built, not run.
t.test('the attacker swaps of each swap form, as built', async (t) => {
  const keys = (count: number): InstructionAccount[] =>
    Array.from({ length: count }, (_, k) => ({ key: new Uint8Array(32).fill(k + 1), writable: k > 0 }))
  const built = (tag: number, count: number) => {
    const accounts = keys(count)
    const calls: Array<{ accounts: readonly InstructionAccount[]; data: Uint8Array }> = []
    const user = {
      program: new Uint8Array(32),
      accounts: [],
      writable: [],
      data: Uint8Array.of(tag),
      signers: [],
      blockhash: new Uint8Array(32),
    }
    const swaps = raydiumAmmV4Sandwich.build({} as DecodedSwap, user, accounts, (accounts, data) => {
      calls.push({ accounts, data })
      return new Uint8Array(0)
    })
    swaps?.frontRun(5n)
    swaps?.backRun(7n, () => undefined)
    return { accounts, swaps, calls }
  }
  const exactIn = (tag: number, amount: number) => Uint8Array.from([tag, amount, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
  for (const [tag, count, inTag] of [
    [9, 18, 9],
    [11, 17, 9],
    [16, 8, 16],
    [17, 8, 16],
  ] as const) {
    const { accounts, calls } = built(tag, count)
    const [front, back] = calls
    t.same(front?.data, exactIn(inTag, 5), `tag ${tag}: the front-run is exact in, no minimum`)
    t.same(front?.accounts, accounts, `tag ${tag}: with the user's accounts`)
    const source = count - 3
    const swapped = [...accounts]
    swapped[source] = accounts[source + 1] as InstructionAccount
    swapped[source + 1] = accounts[source] as InstructionAccount
    t.same(back?.data, exactIn(inTag, 7), `tag ${tag}: so is the back-run`)
    t.same(back?.accounts, swapped, `tag ${tag}: from the destination account to the source account`)
  }
  t.equal(built(3, 18).swaps, null, 'a deposit is not a swap')
})

t.test('sandwich value of a SOL → token swap on a Raydium AMM v4 pool on localnet, on the real program', async (t) => {
  const { engine, localnet, rpc } = await startStack(t, { programsDir: PROGRAMS_DIR })
  const chain = localnet.chain
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const sign = (signer: KeyPairSigner, instructions: Instruction[]) =>
    buildTransaction({ feePayer: signer, blockhash: value.blockhash, instructions })
  const land = (bytes: Uint8Array, what: string) => {
    const result = chain.send(bytes)
    t.equal(result.err, null, what)
    return result
  }
  const tokenAmount = (key: Address) => {
    const data = chain.getAccount(key)?.data
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n
  }
  const ata = async (owner: Address, mint: Address) =>
    (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

  // The pool's authority: the program address of "amm authority" and the pool's nonce (mainnet's 5Q544fKr…).
  const [authority, nonce] = await getProgramDerivedAddress({ programAddress: AMM_V4, seeds: ['amm authority'] })
  t.equal(nonce, 254, 'the nonce encodeRaydiumAmmV4 writes')

  // The token, minted to the pool's creator, who funds the vaults: the token is the coin side, SOL the pc side.
  const creator = await generateKeyPairSigner()
  const mint = await generateKeyPairSigner()
  chain.airdrop(creator.address, 1_000n * 1_000_000_000n)
  const minted = await mintSetupInstructions({
    payer: creator,
    mint,
    owner: creator.address,
    decimals: 6,
    amount: POOL_TOKEN,
    mintRentLamports: chain.getMinimumBalanceForRentExemption(BigInt(getMintSize())),
  })
  const coinVault = await ata(authority, mint.address)
  const pcVault = await ata(authority, WSOL)
  land(
    await buildUnsigned({
      feePayer: creator.address,
      blockhash: value.blockhash,
      signers: [creator, mint],
      instructions: [
        ...minted.instructions,
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: coinVault, owner: authority, mint: mint.address }),
        getTransferInstruction({ source: minted.associatedTokenAccount, destination: coinVault, authority: creator, amount: POOL_TOKEN }),
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: pcVault, owner: authority, mint: WSOL }),
        getTransferSolInstruction({ source: creator, destination: pcVault, amount: POOL_SOL }),
        getSyncNativeInstruction({ account: pcVault }),
      ],
    }),
    "the pool's vaults are made and funded",
  )

  const pool = await freshKey()
  const data = encodeRaydiumAmmV4(
    { mintA: mint.address, mintB: WSOL, vaultA: coinVault, vaultB: pcVault, lpMint: await freshKey(), lpReserve: 0n },
    RAYDIUM_AMM_V4_FEES,
  )
  chain.setAccount(pool, {
    lamports: chain.getMinimumBalanceForRentExemption(BigInt(data.length)),
    data,
    owner: AMM_V4,
    executable: false,
    rentEpoch: 0n,
  })
  // The order-book accounts a SwapBaseIn names: open orders, target orders, market, bids, asks,
  // event queue, market coin vault, market pc vault, vault signer. None exists.
  const orderBook = await Promise.all(Array.from({ length: 9 }, freshKey))
  const [openOrders, targetOrders, market, bids, asks, eventQueue, marketCoinVault, marketPcVault, vaultSigner] = orderBook as [
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
  ]

  const wallet = async (lamports: bigint) => {
    const signer = await generateKeyPairSigner()
    chain.airdrop(signer.address, lamports)
    return { signer, wsol: await ata(signer.address, WSOL), token: await ata(signer.address, mint.address) }
  }
  type Wallet = Awaited<ReturnType<typeof wallet>>
  /** Its wrapped-SOL account holding `lamports`, and an empty token account (landed before its swaps: the direction is read from the source account's mint). */
  const fund = (owner: Wallet, lamports: bigint): Instruction[] => [
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner.signer, ata: owner.wsol, owner: owner.signer.address, mint: WSOL }),
    getTransferSolInstruction({ source: owner.signer, destination: owner.wsol, amount: lamports }),
    getSyncNativeInstruction({ account: owner.wsol }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: owner.signer,
      ata: owner.token,
      owner: owner.signer.address,
      mint: mint.address,
    }),
  ]
  /**
   * SwapBaseIn with its 18 accounts: token program, amm, authority, open orders, target orders,
   * coin/pc vault, market program and accounts, user source/destination, owner. `exactOut`:
   * SwapBaseOut of `amount` for at most `threshold`, with the 17 accounts (no target orders).
   */
  const swap = (owner: Wallet, amount: bigint, threshold: bigint, solIn: boolean, exactOut = false): Instruction => {
    const [source, destination] = solIn ? [owner.wsol, owner.token] : [owner.token, owner.wsol]
    return {
      programAddress: AMM_V4,
      accounts: [
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(pool, AccountRole.WRITABLE),
        account(authority, AccountRole.READONLY),
        account(openOrders, AccountRole.WRITABLE),
        ...(exactOut ? [] : [account(targetOrders, AccountRole.WRITABLE)]),
        account(coinVault, AccountRole.WRITABLE),
        account(pcVault, AccountRole.WRITABLE),
        account(OPENBOOK, AccountRole.READONLY),
        account(market, AccountRole.WRITABLE),
        account(bids, AccountRole.WRITABLE),
        account(asks, AccountRole.WRITABLE),
        account(eventQueue, AccountRole.WRITABLE),
        account(marketCoinVault, AccountRole.WRITABLE),
        account(marketPcVault, AccountRole.WRITABLE),
        account(vaultSigner, AccountRole.READONLY),
        account(source, AccountRole.WRITABLE),
        account(destination, AccountRole.WRITABLE),
        account(owner.signer.address, AccountRole.READONLY_SIGNER),
      ],
      data: exactOut ? getSwapData(11, threshold, amount) : getSwapData(9, amount, threshold),
    }
  }

  const quote = quoteAmmV4(TRADE, POOL_SOL, POOL_TOKEN)
  const user = await wallet(10_000_000_000n)
  land(await sign(user.signer, fund(user, 2n * TRADE)), 'the user holds 2 SOL wrapped')
  const userSwap = (minimum: bigint) => sign(user.signer, [swap(user, TRADE, minimum, true)])
  const zeroMinimum = await userSwap(0n)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap((quote * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(quote))
  // Exact out: the quote's tokens for at most 1 % more SOL than the pool asks (it asks 1 SOL).
  const maximumIn = (TRADE * 101n) / 100n
  const exactOut = await engine.simulate(await sign(user.signer, [swap(user, quote, maximumIn, true, true)]))

  t.test('the real program refuses a swap under its minimum with ExceededSlippage', async (t) => {
    const result = chain.simulate(await userSwap(quote + 1n), { sigVerify: false, replaceRecentBlockhash: false })
    t.same(result.err, { InstructionError: [0, { Custom: EXCEEDED_SLIPPAGE }] })
  })

  t.test('no minimum: most of the trade, with the front-run as large as the pool’s SOL', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the fork's unsandwiched output is the venue's constant-product math")
    t.equal(extractable.limited_by, 'budget')
    t.equal(extractable.front_run_amount, String(POOL_SOL), "the attacker's budget: the pool's SOL")
    // The whole fee stays in the vault (the pool's pnl is taken later, by the order-book crank).
    const front = quoteAmmV4(POOL_SOL, POOL_SOL, POOL_TOKEN)
    t.equal(extractable.sandwiched, String(quoteAmmV4(TRADE, POOL_SOL * 2n, POOL_TOKEN - front)), 'and the math after the front-run')
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(extractable.mint, mint.address)
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
  })

  testMinimumOnePercentUnder(t, atOnePercent, quote, 'the search stops at ExceededSlippage')

  testMinimumAtQuote(t, atQuote, quote)

  t.test('exact out with 17 accounts, a maximum 1 % over: up to that bound', async (t) => {
    const extractable = exactOut.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${exactOut.mev?.unpriced_reason}`)
    t.equal(extractable.mint, WSOL, 'the user pays more SOL')
    t.equal(extractable.quote, String(TRADE), 'what the pool asks for the quote alone')
    t.equal(extractable.limited_by, 'minimum_output', 'the search stops at ExceededSlippage')
    t.ok(BigInt(extractable.sandwiched) <= maximumIn)
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
    t.equal(exactOut.mev?.recommended_max_input, String((TRADE * 10_100n) / 10_000n))
  })

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const frontRun = BigInt(extractable.front_run_amount)
    const attacker = await wallet(frontRun + 10_000_000_000n)
    land(await sign(attacker.signer, fund(attacker, frontRun)), 'the attacker is funded')
    const lamportsBefore = chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    land(await sign(attacker.signer, [MAX_COMPUTE, swap(attacker, frontRun, 0n, true)]), 'front-run')
    const bought = tokenAmount(attacker.token)
    land(zeroMinimum, "the user's swap")
    t.equal(String(tokenAmount(user.token)), extractable.sandwiched, 'the user got what the engine said')
    land(await sign(attacker.signer, [MAX_COMPUTE, swap(attacker, bought, 0n, false)]), 'back-run')
    t.equal(String(tokenAmount(attacker.wsol) - frontRun), extractable.attacker_profit, "the attacker's profit, to the lamport")
    const lamportsAfter = chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    t.equal(Number(lamportsBefore - lamportsAfter), extractable.attacker_fee_lamports, 'and its fees')
  })
})
