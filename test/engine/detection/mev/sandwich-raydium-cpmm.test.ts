// The sandwich of a swap priced on the real Raydium CPMM program (the mainnet binary in
// test/fixtures/programs), on a pool created on localnet through that program: its AMM config
// from the program's create_amm_config (run on localnet unsigned: only Raydium's admin key can
// sign it, so its result is written as the chain's state), then the pool from its initialize,
// signed and landed by the pool's creator. Instruction layouts: raydium-io/raydium-cp-swap @
// 0011e63 (programs/cp-swap/src/lib.rs, instructions/initialize.rs, admin/create_config.rs), the
// source of the version the binary is (no creator fee). The engine's figures are checked against
// the venue's constant-product math and against the three transactions landed on localnet.
import t from 'tap'
import { createHash } from 'node:crypto'
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { buildTransaction } from '../../../helpers/localnet-transactions.js'
import { buildTransaction as buildUnsigned } from '../../../helpers/transactions.js'
import { getMintSize, mintSetupInstructions } from '../../../helpers/token-mint-setup.js'
import { startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const CPMM = address('CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C')
/** The program's admin (lib.rs `admin::ID`) and pool-fee receiver (`create_pool_fee_reveiver::ID`), mainnet build. */
const ADMIN = address('GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ')
const POOL_FEE_RECEIVER = address('DNXgeM9EiiaAbaWvwjHj9fQQLAX5ZsfHyvmYUNRAdNC8')
const WSOL = address('So11111111111111111111111111111111111111112')
const SYSTEM = address('11111111111111111111111111111111')
const RENT = address('SysvarRent111111111111111111111111111111111')
const TRADE_FEE_RATE = 2_500n // 0.25 %, in millionths
const POOL_SOL = 100_000_000_000n // 100 SOL
const POOL_TOKEN = 1_000_000_000_000n // 1,000,000 of a 6-decimal token
/** What an attacker's transactions ask (a large front-run crosses many ticks); the engine's fork asks the same. */
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })
const TRADE = 1_000_000_000n // 1 SOL

const encoder = getAddressEncoder()
const discriminator = (name: string) => createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return bytes
}
const pda = async (...seeds: Array<string | Address | Buffer>) =>
  (
    await getProgramDerivedAddress({
      programAddress: CPMM,
      seeds: seeds.map((seed) => (Buffer.isBuffer(seed) ? seed : seed.length >= 32 ? encoder.encode(seed as Address) : Buffer.from(seed))),
    })
  )[0]
const account = (value: Address, role: AccountRole) => ({ address: value, role })

/** Raydium CPMM swap_base_input's output for `amountIn`: the trade fee (rounded up) off the input, then x·y = k (rounded down). */
function quoteCpmm(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const fee = (amountIn * TRADE_FEE_RATE + 999_999n) / 1_000_000n
  const net = amountIn - fee
  return (reserveOut * net) / (reserveIn + net)
}

t.test('sandwich value of a SOL → token swap on a Raydium CPMM pool made on localnet', async (t) => {
  const { engine, localnet, rpc } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const sign = (signer: KeyPairSigner, instructions: Instruction[]) =>
    buildTransaction({ feePayer: signer, blockhash: value.blockhash, instructions })
  const land = (bytes: Uint8Array, what: string) => t.equal(chain.send(bytes).err, null, what)
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
    await buildUnsigned({
      feePayer: creator.address,
      blockhash: value.blockhash,
      signers: [creator, mint],
      instructions: [
        ...minted.instructions,
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: creatorWsol, owner: creator.address, mint: WSOL }),
        getTransferSolInstruction({ source: creator, destination: creatorWsol, amount: POOL_SOL }),
        getSyncNativeInstruction({ account: creatorWsol }),
      ],
    }),
    'the token is minted and the SOL wrapped',
  )

  // The AMM config: create_amm_config(index 0, trade 0.25 %, protocol 12 %, fund 4 %, no pool fee), run by the program.
  const ammConfig = await pda('amm_config', Buffer.from([0, 0]))
  chain.airdrop(ADMIN, 1_000_000_000n)
  const createConfig: Instruction = {
    programAddress: CPMM,
    accounts: [
      account(ADMIN, AccountRole.WRITABLE_SIGNER),
      account(ammConfig, AccountRole.WRITABLE),
      account(SYSTEM, AccountRole.READONLY),
    ],
    data: Buffer.concat([
      discriminator('create_amm_config'),
      Buffer.from([0, 0]),
      u64(TRADE_FEE_RATE),
      u64(120_000n),
      u64(40_000n),
      u64(0n),
    ]),
  }
  const configRun = chain.simulate(await buildUnsigned({ feePayer: ADMIN, blockhash: value.blockhash, instructions: [createConfig] }), {
    sigVerify: false,
    replaceRecentBlockhash: false,
    accountAddresses: [ammConfig],
  })
  t.equal(configRun.err, null, 'create_amm_config runs')
  chain.setAccount(ammConfig, configRun.accounts![0]!)
  // The pool-fee receiver is a wrapped-SOL account on mainnet; initialize requires it even with no fee.
  const receiver = Buffer.alloc(165)
  encoder.encode(WSOL).forEach((byte, i) => (receiver[i] = byte))
  encoder.encode(ADMIN).forEach((byte, i) => (receiver[32 + i] = byte))
  receiver[108] = 1
  receiver[109] = 1
  receiver.writeBigUInt64LE(2_039_280n, 113)
  chain.setAccount(POOL_FEE_RECEIVER, {
    lamports: 2_039_280n,
    data: receiver,
    owner: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: 0n,
  })

  // The pool: initialize(100 SOL, 1,000,000 tokens), token_0 the smaller mint.
  const [mint0, mint1] =
    Buffer.compare(Buffer.from(encoder.encode(WSOL)), Buffer.from(encoder.encode(mint.address))) < 0
      ? [WSOL, mint.address]
      : [mint.address, WSOL]
  const solIs0 = mint0 === WSOL
  const authority = await pda('vault_and_lp_mint_auth_seed')
  const pool = await pda('pool', ammConfig, mint0, mint1)
  const lpMint = await pda('pool_lp_mint', pool)
  const vault0 = await pda('pool_vault', pool, mint0)
  const vault1 = await pda('pool_vault', pool, mint1)
  const observation = await pda('observation', pool)
  const [creator0, creator1] = solIs0 ? [creatorWsol, minted.associatedTokenAccount] : [minted.associatedTokenAccount, creatorWsol]
  const [amount0, amount1] = solIs0 ? [POOL_SOL, POOL_TOKEN] : [POOL_TOKEN, POOL_SOL]
  const initialize: Instruction = {
    programAddress: CPMM,
    accounts: [
      account(creator.address, AccountRole.WRITABLE_SIGNER),
      account(ammConfig, AccountRole.READONLY),
      account(authority, AccountRole.READONLY),
      account(pool, AccountRole.WRITABLE),
      account(mint0, AccountRole.READONLY),
      account(mint1, AccountRole.READONLY),
      account(lpMint, AccountRole.WRITABLE),
      account(creator0, AccountRole.WRITABLE),
      account(creator1, AccountRole.WRITABLE),
      account(await ata(creator.address, lpMint), AccountRole.WRITABLE),
      account(vault0, AccountRole.WRITABLE),
      account(vault1, AccountRole.WRITABLE),
      account(POOL_FEE_RECEIVER, AccountRole.WRITABLE),
      account(observation, AccountRole.WRITABLE),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(SYSTEM, AccountRole.READONLY),
      account(RENT, AccountRole.READONLY),
    ],
    data: Buffer.concat([discriminator('initialize'), u64(amount0), u64(amount1), u64(0n)]),
  }
  land(await sign(creator, [initialize]), 'the pool is created by the real program')
  // Trading opens one second after creation: let the chain's clock (and the engine's) pass it.
  chain.advanceSlot(10)
  const openAt = chain.getUnixTimestamp()
  await waitUntil(() => (engine.chain.clock?.unixTimestamp ?? 0n) >= BigInt(openAt), 5_000, "the engine's clock")

  const [vaultSol, vaultToken] = solIs0 ? [vault0, vault1] : [vault1, vault0]
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
  /** swap_base_input: payer, authority, amm_config, pool_state, input/output token account, input/output vault, token programs, mints, observation. */
  const swap = (owner: Wallet, amount: bigint, minimum: bigint, solIn: boolean): Instruction => {
    const [input, output, vaultIn, vaultOut, mintIn, mintOut] = solIn
      ? [owner.wsol, owner.token, vaultSol, vaultToken, WSOL, mint.address]
      : [owner.token, owner.wsol, vaultToken, vaultSol, mint.address, WSOL]
    return {
      programAddress: CPMM,
      accounts: [
        account(owner.signer.address, AccountRole.READONLY_SIGNER),
        account(authority, AccountRole.READONLY),
        account(ammConfig, AccountRole.READONLY),
        account(pool, AccountRole.WRITABLE),
        account(input, AccountRole.WRITABLE),
        account(output, AccountRole.WRITABLE),
        account(vaultIn, AccountRole.WRITABLE),
        account(vaultOut, AccountRole.WRITABLE),
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(mintIn, AccountRole.READONLY),
        account(mintOut, AccountRole.READONLY),
        account(observation, AccountRole.WRITABLE),
      ],
      data: Buffer.concat([discriminator('swap_base_input'), u64(amount), u64(minimum)]),
    }
  }

  const quote = quoteCpmm(TRADE, tokenAmount(vaultSol), tokenAmount(vaultToken))
  const user = await wallet(10_000_000_000n)
  const userSwap = (minimum: bigint) => sign(user.signer, [...fund(user, TRADE), swap(user, TRADE, minimum, true)])
  const zeroMinimum = await userSwap(0n)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap((quote * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(quote))

  t.test('no minimum: most of the trade, with the front-run as large as the pool’s SOL', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the fork's unsandwiched output is the venue's constant-product math")
    t.equal(extractable.limited_by, 'budget')
    t.equal(extractable.front_run_amount, String(POOL_SOL), "the attacker's budget: the pool's SOL")
    // The front-run's protocol (12 %) and fund (4 %) shares of its fee leave the pool's reserve.
    const front = quoteCpmm(POOL_SOL, POOL_SOL, POOL_TOKEN)
    const frontFee = (POOL_SOL * TRADE_FEE_RATE + 999_999n) / 1_000_000n
    const kept = POOL_SOL * 2n - (frontFee * 120_000n) / 1_000_000n - (frontFee * 40_000n) / 1_000_000n
    t.equal(extractable.sandwiched, String(quoteCpmm(TRADE, kept, POOL_TOKEN - front)), 'and the math after the front-run')
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(extractable.mint, mint.address)
    t.equal(extractable.lamports, Number((BigInt(extractable.amount) * TRADE) / quote))
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
    t.ok(open.decision_reasons.some((reason) => reason.rule === 'max_extractable_bps'))
  })

  t.test('a minimum 1 % under the quote: up to that bound', async (t) => {
    const extractable = atOnePercent.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${atOnePercent.mev?.unpriced_reason}`)
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(BigInt(extractable.sandwiched) >= (quote * 99n) / 100n)
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
  })

  t.test('a minimum at the exact quote: about nothing', async (t) => {
    const extractable = atQuote.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${atQuote.mev?.unpriced_reason}`)
    t.ok(extractable.bps <= 1, `${extractable.bps} bps`)
    t.ok(BigInt(extractable.amount) * 10_000n <= quote, `${extractable.amount} units`)
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
