// The sandwich of a swap priced on the real Meteora DLMM program (the mainnet binary in
// test/fixtures/programs), on a pool created on localnet through that program: a mainnet preset
// parameter account (bin step 10, base factor 10,000: a 0.1 % base fee) written as the chain's
// state (only Meteora's admin can create one), then initialize_lb_pair, three bin arrays, two
// positions and add_liquidity, each signed and landed. Instruction layouts: MeteoraAg/dlmm-sdk @
// 4a064a6 (target/idl/lb_clmm.json, programs/lb_clmm/src/instructions/), the program version 0.8.0
// the binary is: it logs exactly that version's instruction names (swap_exact_out,
// swap_with_price_impact, set_pre_activation_duration; no swap2 nor token badge). The swap's
// source is not published (the SDK's program has empty handlers), so what it does is checked on
// the binary: the engine's figures against the three transactions landed on localnet.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { ORCA_ACCOUNTS_DIR, PROGRAMS_DIR, type AccountDump } from '../../../helpers/fixtures.js'
import { buildTransaction as buildUnsigned } from '../../../helpers/transactions.js'
import { getMintSize, mintSetupInstructions } from '../../../helpers/token-mint-setup.js'
import { startStack } from '../../../helpers/stack.js'
import { testMinimumAtQuote, testMinimumOnePercentUnder } from '../../../helpers/sandwich-bound-tests.js'
import {
  accountMeta as account,
  anchorDiscriminator as discriminator,
  findProgramAddress,
  u64,
} from '../../../helpers/anchor-instruction.js'

const DLMM = address('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo')
const WSOL = address('So11111111111111111111111111111111111111112')
const SYSTEM = address('11111111111111111111111111111111')
const RENT = address('SysvarRent111111111111111111111111111111111')
/** The mainnet preset (bin step 10, base factor 10,000), as recorded. */
const PRESET: AccountDump = JSON.parse(
  readFileSync(join(ORCA_ACCOUNTS_DIR, 'meteora_preset_param_1.BYQtcDyv2BoFuf5ghsYDGPA8iX5F4WquK7zCzUsDwJ63.json'), 'utf8'),
) as AccountDump
const BIN_STEP = 10
const BASE_FACTOR = 10_000
/** X is wrapped SOL, Y the token: 1.001^2303 ≈ 10 token units a lamport, 10,000 tokens (6 decimals) a SOL. */
const ACTIVE_ID = 2303
const BINS_PER_ARRAY = 70
/** The token below the active bin (bins 2233–2302, arrays 31 and 32), the SOL above it (2304–2373, arrays 32 and 33). */
const POOL_TOKEN = 500_000_000_000n // 500,000 tokens, about 50 SOL's worth
const POOL_SOL = 100_000_000_000n // 100 SOL
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })
const TRADE = 1_000_000_000n // 1 SOL
/** LbPair's active_id (after the discriminator and two 32-byte parameter blocks and 4 bytes of seeds). */
const ACTIVE_ID_OFFSET = 76

const encoder = getAddressEncoder()
const int = (bytes: number, value: bigint | number) => {
  const buffer = Buffer.alloc(bytes)
  if (bytes === 8) buffer.writeBigInt64LE(BigInt(value))
  else if (bytes === 4) buffer.writeInt32LE(Number(value))
  else buffer.writeUInt16LE(Number(value))
  return buffer
}
const pda = (...seeds: Array<string | Address | Buffer>) => findProgramAddress(DLMM, ...seeds)
const binArrayIndex = (binId: number) => Math.floor(binId / BINS_PER_ARRAY)
/** Evenly over `count` bins, in basis points summing to 10,000. */
const spread = (count: number) => Array.from({ length: count }, (_, k) => Math.floor(10_000 / count) + (k < 10_000 % count ? 1 : 0))

t.test('sandwich value of a SOL → token swap on a Meteora DLMM pool made on localnet', async (t) => {
  const { engine, localnet, rpc } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const sign = (payer: KeyPairSigner, instructions: Instruction[], signers: KeyPairSigner[] = []) =>
    buildUnsigned({ feePayer: payer.address, blockhash: value.blockhash, signers: [payer, ...signers], instructions })
  const land = (bytes: Uint8Array, what: string) => {
    const result = chain.send(bytes)
    t.equal(result.err, null, what)
    if (result.err !== null) t.comment(result.logs.join('\n'))
  }
  const tokenAmount = (key: Address) => {
    const data = chain.getAccount(key)?.data
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n
  }
  const ata = async (owner: Address, mint: Address) =>
    (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

  // The token, minted to the pool's creator, who also wraps the pool's SOL.
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
  const creatorWsol = await ata(creator.address, WSOL)
  land(
    await sign(
      creator,
      [
        ...minted.instructions,
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: creatorWsol, owner: creator.address, mint: WSOL }),
        getTransferSolInstruction({ source: creator, destination: creatorWsol, amount: POOL_SOL }),
        getSyncNativeInstruction({ account: creatorWsol }),
      ],
      [mint],
    ),
    'the token is minted and the SOL wrapped',
  )

  // The preset, as mainnet holds it.
  const preset = address(PRESET.pubkey)
  chain.setAccount(preset, {
    lamports: BigInt(PRESET.account.lamports),
    data: Buffer.from(PRESET.account.data[0], 'base64'),
    owner: address(PRESET.account.owner),
    executable: false,
    rentEpoch: 0n,
  })

  // The pair: initialize_lb_pair(active id 2303, bin step 10), X = wrapped SOL, Y = the token.
  const [mintX, mintY] = [WSOL, mint.address]
  const [low, high] =
    Buffer.compare(Buffer.from(encoder.encode(mintX)), Buffer.from(encoder.encode(mintY))) < 0 ? [mintX, mintY] : [mintY, mintX]
  const lbPair = await pda(low, high, int(2, BIN_STEP), int(2, BASE_FACTOR))
  const reserveX = await pda(lbPair, mintX)
  const reserveY = await pda(lbPair, mintY)
  const oracle = await pda('oracle', lbPair)
  const eventAuthority = await pda('__event_authority')
  const binArray = (index: number) => pda('bin_array', lbPair, int(8, index))
  const events = [account(eventAuthority, AccountRole.READONLY), account(DLMM, AccountRole.READONLY)]
  land(
    await sign(creator, [
      {
        programAddress: DLMM,
        accounts: [
          account(lbPair, AccountRole.WRITABLE),
          account(DLMM, AccountRole.READONLY), // no bin array bitmap extension
          account(mintX, AccountRole.READONLY),
          account(mintY, AccountRole.READONLY),
          account(reserveX, AccountRole.WRITABLE),
          account(reserveY, AccountRole.WRITABLE),
          account(oracle, AccountRole.WRITABLE),
          account(preset, AccountRole.READONLY),
          account(creator.address, AccountRole.WRITABLE_SIGNER),
          account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
          account(SYSTEM, AccountRole.READONLY),
          account(RENT, AccountRole.READONLY),
          ...events,
        ],
        data: Buffer.concat([discriminator('initialize_lb_pair'), int(4, ACTIVE_ID), int(2, BIN_STEP)]),
      },
    ]),
    'the pair is created by the real program',
  )
  const arrays = new Map<number, Address>()
  for (const index of [31, 32, 33]) {
    arrays.set(index, await binArray(index))
    land(
      await sign(creator, [
        {
          programAddress: DLMM,
          accounts: [
            account(lbPair, AccountRole.READONLY),
            account(arrays.get(index)!, AccountRole.WRITABLE),
            account(creator.address, AccountRole.WRITABLE_SIGNER),
            account(SYSTEM, AccountRole.READONLY),
          ],
          data: Buffer.concat([discriminator('initialize_bin_array'), int(8, index)]),
        },
      ]),
      `bin array ${index}`,
    )
  }

  /** A position of 70 bins from `lower`, holding `amountX` or `amountY` spread evenly over them. */
  const provide = async (lower: number, amountX: bigint, amountY: bigint) => {
    const position = await generateKeyPairSigner()
    const bins = spread(BINS_PER_ARRAY)
    const distribution = Buffer.concat(
      bins.map((bps, k) => Buffer.concat([int(4, lower + k), int(2, amountX > 0n ? bps : 0), int(2, amountY > 0n ? bps : 0)])),
    )
    const upper = lower + BINS_PER_ARRAY - 1
    land(
      await sign(
        creator,
        [
          MAX_COMPUTE,
          {
            programAddress: DLMM,
            accounts: [
              account(creator.address, AccountRole.WRITABLE_SIGNER),
              account(position.address, AccountRole.WRITABLE_SIGNER),
              account(lbPair, AccountRole.READONLY),
              account(creator.address, AccountRole.READONLY_SIGNER),
              account(SYSTEM, AccountRole.READONLY),
              account(RENT, AccountRole.READONLY),
              ...events,
            ],
            data: Buffer.concat([discriminator('initialize_position'), int(4, lower), int(4, BINS_PER_ARRAY)]),
          },
          {
            programAddress: DLMM,
            accounts: [
              account(position.address, AccountRole.WRITABLE),
              account(lbPair, AccountRole.WRITABLE),
              account(DLMM, AccountRole.READONLY), // no bin array bitmap extension
              account(creatorWsol, AccountRole.WRITABLE),
              account(minted.associatedTokenAccount, AccountRole.WRITABLE),
              account(reserveX, AccountRole.WRITABLE),
              account(reserveY, AccountRole.WRITABLE),
              account(mintX, AccountRole.READONLY),
              account(mintY, AccountRole.READONLY),
              account(arrays.get(binArrayIndex(lower))!, AccountRole.WRITABLE),
              account(arrays.get(binArrayIndex(upper))!, AccountRole.WRITABLE),
              account(creator.address, AccountRole.READONLY_SIGNER),
              account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
              account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
              ...events,
            ],
            data: Buffer.concat([discriminator('add_liquidity'), u64(amountX), u64(amountY), int(4, bins.length), distribution]),
          },
        ],
        [position],
      ),
      `a position over bins ${lower}–${upper} with liquidity`,
    )
  }
  await provide(ACTIVE_ID - BINS_PER_ARRAY, 0n, POOL_TOKEN)
  await provide(ACTIVE_ID + 1, POOL_SOL, 0n)
  t.equal(tokenAmount(reserveX), POOL_SOL, "the pool's SOL")
  t.equal(tokenAmount(reserveY), POOL_TOKEN, "the pool's token")

  const wallet = async (lamports: bigint) => {
    const signer = await generateKeyPairSigner()
    chain.airdrop(signer.address, lamports)
    return { signer, wsol: await ata(signer.address, WSOL), token: await ata(signer.address, mint.address) }
  }
  type Wallet = Awaited<ReturnType<typeof wallet>>
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
  const activeId = () => Buffer.from(chain.getAccount(lbPair)!.data).readInt32LE(ACTIVE_ID_OFFSET)
  /**
   * A swap instruction with `data`, SOL → token (X → Y) or back, with the bin arrays the SDK
   * passes (getBinArrayForSwap): from the one holding the active bin, descending for X → Y,
   * ascending for Y → X.
   */
  const swapWith = (owner: Wallet, data: Buffer, solIn: boolean): Instruction => {
    const active = binArrayIndex(activeId())
    const walk = [...arrays.keys()].filter((index) => (solIn ? index <= active : index >= active)).sort((a, b) => (solIn ? b - a : a - b))
    return {
      programAddress: DLMM,
      accounts: [
        account(lbPair, AccountRole.WRITABLE),
        account(DLMM, AccountRole.READONLY), // no bin array bitmap extension
        account(reserveX, AccountRole.WRITABLE),
        account(reserveY, AccountRole.WRITABLE),
        account(solIn ? owner.wsol : owner.token, AccountRole.WRITABLE),
        account(solIn ? owner.token : owner.wsol, AccountRole.WRITABLE),
        account(mintX, AccountRole.READONLY),
        account(mintY, AccountRole.READONLY),
        account(oracle, AccountRole.WRITABLE),
        account(DLMM, AccountRole.READONLY), // no host fee
        account(owner.signer.address, AccountRole.READONLY_SIGNER),
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        ...events,
        ...walk.map((index) => account(arrays.get(index)!, AccountRole.WRITABLE)),
      ],
      data,
    }
  }
  const swap = (owner: Wallet, amount: bigint, minimum: bigint, solIn: boolean) =>
    swapWith(owner, Buffer.concat([discriminator('swap'), u64(amount), u64(minimum)]), solIn)

  // The user's token accounts are opened before its swaps, with twice the trade wrapped (an
  // exact out sandwiched costs more than the trade); the newcomer below opens its own in its swap.
  const user = await wallet(10_000_000_000n)
  land(await sign(user.signer, fund(user, 2n * TRADE)), 'the user wraps its SOL')
  const userSwap = (minimum: bigint) => sign(user.signer, [swap(user, TRADE, minimum, true)])
  const zeroMinimum = await userSwap(0n)
  /** What the user's `transaction` leaves in its `side` account, run alone on localnet by the real program. */
  const runAlone = (transaction: Uint8Array, side: Address) => {
    const alone = chain.simulate(transaction, { sigVerify: false, replaceRecentBlockhash: false, accountAddresses: [side] })
    t.equal(alone.err, null, 'the swap runs alone')
    return Buffer.from(alone.accounts![0]!.data).readBigUInt64LE(64)
  }
  const quote = runAlone(zeroMinimum, user.token)
  t.ok(quote > 9_900_000_000n && quote < 10_000_000_000n, `about 10,000 tokens for 1 SOL (${quote})`)
  // Exact out: the tokens the zero-minimum swap gets, for at most 1 % more SOL than they cost.
  const exactOut = (maxIn: bigint) =>
    sign(user.signer, [swapWith(user, Buffer.concat([discriminator('swap_exact_out'), u64(maxIn), u64(quote)]), true)])
  const quoteIn = 2n * TRADE - runAlone(await exactOut(2n * TRADE), user.wsol)
  // swap_with_price_impact(1 SOL, active_id 2303, 100 bps): at most 1 % under the active bin's price.
  const priceImpact = await sign(user.signer, [
    swapWith(
      user,
      Buffer.concat([discriminator('swap_with_price_impact'), u64(TRADE), Buffer.from([1]), int(4, ACTIVE_ID), int(2, 100)]),
      true,
    ),
  ])

  const open = await engine.simulate(zeroMinimum)
  // A first swap: the transaction opens the wallet's token accounts and wraps its SOL itself.
  const newcomer = await wallet(10_000_000_000n)
  const firstSwap = await engine.simulate(await sign(newcomer.signer, [...fund(newcomer, TRADE), swap(newcomer, TRADE, 0n, true)]))
  const atOnePercent = await engine.simulate(await userSwap((quote * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(quote))
  const exactOutOnePercent = await engine.simulate(await exactOut((quoteIn * 101n) / 100n))
  const withPriceImpact = await engine.simulate(priceImpact)

  t.test('no minimum: as far as the pool’s token liquidity lets the price fall', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the fork's unsandwiched output is the program's on localnet")
    t.equal(extractable.limited_by, 'pool_accounts')
    t.ok(BigInt(extractable.front_run_amount) < POOL_SOL, 'the front-run is smaller than the budget')
    t.ok(extractable.bps > 500, `about the 7 % the 70 bins of token span (${extractable.bps} bps)`)
    t.equal(extractable.mint, mint.address)
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
  })

  t.test('a swap whose transaction opens its own token accounts: the same', async (t) => {
    const extractable = firstSwap.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${firstSwap.mev?.unpriced_reason}`)
    t.equal(extractable.instruction_index, 4, 'the swap, after the instructions that open the accounts')
    t.same(
      { ...extractable, instruction_index: 0 },
      open.mev?.extractable,
      'the reserve taking the input is found from the account as the simulation opened it',
    )
  })

  testMinimumOnePercentUnder(t, atOnePercent, quote)

  testMinimumAtQuote(t, atQuote, quote)

  t.test('exact out with a maximum 1 % over the quote: up to that bound', async (t) => {
    const extractable = exactOutOnePercent.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${exactOutOnePercent.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quoteIn), 'what the SOL side costs alone, as on localnet')
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(BigInt(extractable.sandwiched) <= (quoteIn * 101n) / 100n)
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
    t.equal(exactOutOnePercent.mev?.recommended_max_input, String((quoteIn * 10_100n) / 10_000n))
  })

  t.test('a price impact of at most 1 % from the active bin: up to that bound, less what the swap moves itself', async (t) => {
    const extractable = withPriceImpact.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${withPriceImpact.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote))
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(extractable.bps > 50 && extractable.bps <= 100, `${extractable.bps} bps`)
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
