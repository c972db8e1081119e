/**
 * A SOL/token pool of the real Raydium CPMM program (the mainnet binary in test/fixtures/programs)
 * created on a test localnet through that program: its AMM config from the program's
 * create_amm_config (run on localnet unsigned: only Raydium's admin key can sign it, so its result
 * is written as the chain's state), then the pool from its initialize, signed and landed by the
 * pool's creator. The token is an SPL Token mint, or a Token-2022 mint with a transfer fee.
 * Instruction layouts: raydium-io/raydium-cp-swap @ 0011e63 (programs/cp-swap/src/lib.rs,
 * instructions/initialize.rs, admin/create_config.rs), the source of the version the binary is
 * (no creator fee).
 */
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
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  extension,
  getCreateAssociatedTokenIdempotentInstruction as getCreateToken2022AccountInstruction,
  getInitializeMintInstruction as getInitializeToken2022MintInstruction,
  getMintSize as getToken2022MintSize,
  getMintToInstruction as getToken2022MintToInstruction,
  getPreInitializeInstructionsForMintExtensions,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import type { Localnet } from '../../localnet/localnet.js'
import { accountMeta as account, anchorDiscriminator as discriminator, findProgramAddress, u64 } from './anchor-instruction.js'
import { buildTransaction } from './localnet-transactions.js'
import { buildTransaction as buildUnsigned } from './transactions.js'
import { getMintSize, mintSetupInstructions } from './token-mint-setup.js'

export const CPMM = address('CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C')
/** The program's admin (lib.rs `admin::ID`) and pool-fee receiver (`create_pool_fee_reveiver::ID`), mainnet build. */
const ADMIN = address('GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ')
const POOL_FEE_RECEIVER = address('DNXgeM9EiiaAbaWvwjHj9fQQLAX5ZsfHyvmYUNRAdNC8')
export const WSOL = address('So11111111111111111111111111111111111111112')
const SYSTEM = address('11111111111111111111111111111111')
const RENT = address('SysvarRent111111111111111111111111111111111')
/** 0.25 %, in millionths; the config's protocol (12 %) and fund (4 %) shares of it. */
export const TRADE_FEE_RATE = 2_500n
export const PROTOCOL_FEE_RATE = 120_000n
export const FUND_FEE_RATE = 40_000n

const encoder = getAddressEncoder()
const pda = (...seeds: Array<string | Address | Buffer>) => findProgramAddress(CPMM, ...seeds)

/** Raydium CPMM swap_base_input's output for `amountIn`: the trade fee (rounded up) off the input, then x·y = k (rounded down). */
export function quoteCpmm(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const fee = (amountIn * TRADE_FEE_RATE + 999_999n) / 1_000_000n
  const net = amountIn - fee
  return (reserveOut * net) / (reserveIn + net)
}

/** create_amm_config(index 0, trade 0.25 %, protocol 12 %, fund 4 %, no pool fee), run by the program unsigned and written as state. */
async function createAmmConfig(chain: Localnet['chain'], ammConfig: Address, blockhash: string): Promise<void> {
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
      u64(PROTOCOL_FEE_RATE),
      u64(FUND_FEE_RATE),
      u64(0n),
    ]),
  }
  const configRun = chain.simulate(await buildUnsigned({ feePayer: ADMIN, blockhash, instructions: [createConfig] }), {
    sigVerify: false,
    replaceRecentBlockhash: false,
    accountAddresses: [ammConfig],
  })
  if (configRun.err !== null) throw new Error(`create_amm_config: ${JSON.stringify(configRun.err)}`)
  chain.setAccount(ammConfig, configRun.accounts![0]!)
}

export interface CpmmPoolOptions {
  /** Lamports and token base units the pool starts with. */
  poolSol: bigint
  poolToken: bigint
  /** A Token-2022 token charging this transfer fee; an SPL Token one when absent. */
  transferFee?: { bps: number; maximumFee: bigint }
}

export interface CpmmWallet {
  signer: KeyPairSigner
  wsol: Address
  token: Address
}

export interface CpmmPool {
  mint: Address
  tokenProgram: Address
  vaultSol: Address
  vaultToken: Address
  /** A signed transaction of `signer` paying for `instructions`, at the chain's blockhash when the pool was made. */
  sign(signer: KeyPairSigner, instructions: Instruction[]): Promise<Uint8Array>
  /** Lands `bytes` on the chain; the error when refused (null when it landed). */
  send(bytes: Uint8Array): unknown
  /** A token account's amount (0 when absent). */
  tokenAmount(key: Address): bigint
  /** A fresh wallet airdropped `lamports`, with its wrapped-SOL and token account addresses. */
  wallet(lamports: bigint): Promise<CpmmWallet>
  /** `signer`'s wrapped-SOL and token account addresses for this pool. */
  accountsOf(signer: KeyPairSigner): Promise<CpmmWallet>
  /** Creates the wallet's two token accounts and wraps `lamports` into the first. */
  fund(owner: CpmmWallet, lamports: bigint): Instruction[]
  /** swap_base_input of `amount` with `minimum` output, SOL → token when `solIn`. */
  swap(owner: CpmmWallet, amount: bigint, minimum: bigint, solIn: boolean): Instruction
  /** A transaction of the mint's authority minting `amount` of the token to `account`. */
  giveTokens(account: Address, amount: bigint): Promise<Uint8Array>
  /**
   * Lands the sandwich of a SOL → token swap as an engine reported it: a fresh attacker funded
   * with `frontRun` wrapped lamports, its front-run of them, `userTransaction`, then its back-run
   * of every token the front-run bought.
   */
  landSandwich(frontRun: bigint, userTransaction: Uint8Array): Promise<LandedSandwich>
}

export interface LandedSandwich {
  /** What refused each step: null for every step that landed. */
  refused: { funding: unknown; frontRun: unknown; user: unknown; backRun: unknown }
  /** Lamports back from the back-run less the front-run's. */
  attackerProfit: bigint
  /** The attacker's two transaction fees. */
  attackerFees: bigint
}

/** What an attacker's transactions ask (a large front-run moves the price far); the engine's fork asks the same. */
const ATTACKER_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })

/** Creates the token, the AMM config and the pool; the pool's trading is open when this returns (the chain's clock is past its open time). */
export async function createCpmmPool(localnet: Localnet, options: CpmmPoolOptions): Promise<CpmmPool> {
  const chain = localnet.chain
  const blockhash = chain.getLatestBlockhash().blockhash
  const sign = (signer: KeyPairSigner, instructions: Instruction[]) => buildTransaction({ feePayer: signer, blockhash, instructions })
  const land = (bytes: Uint8Array, what: string) => {
    const { err, logs } = chain.send(bytes)
    if (err !== null) throw new Error(`${what}: ${JSON.stringify(err)}\n${logs.join('\n')}`)
  }
  const tokenProgram = options.transferFee ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS
  const ata = async (owner: Address, mint: Address) =>
    (await findAssociatedTokenPda({ owner, mint, tokenProgram: mint === WSOL ? TOKEN_PROGRAM_ADDRESS : tokenProgram }))[0]

  // The token, minted to the pool's creator, who also wraps the pool's SOL.
  const creator = await generateKeyPairSigner()
  chain.airdrop(creator.address, options.poolSol + 1_000n * 1_000_000_000n)
  const creatorWsol = await ata(creator.address, WSOL)
  const mintSigner = await generateKeyPairSigner()
  const mint = mintSigner.address
  const creatorToken = await ata(creator.address, mint)
  const tokenSetup: Instruction[] = []
  if (options.transferFee) {
    // The creator is the mint's authority and its fee's.
    const fee = { epoch: 0n, maximumFee: options.transferFee.maximumFee, transferFeeBasisPoints: options.transferFee.bps }
    const extensions = [
      extension('TransferFeeConfig', {
        transferFeeConfigAuthority: creator.address,
        withdrawWithheldAuthority: creator.address,
        withheldAmount: 0n,
        olderTransferFee: fee,
        newerTransferFee: fee,
      }),
    ]
    const space = getToken2022MintSize(extensions)
    tokenSetup.push(
      getCreateAccountInstruction({
        payer: creator,
        newAccount: mintSigner,
        lamports: chain.getMinimumBalanceForRentExemption(BigInt(space)),
        space,
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      ...getPreInitializeInstructionsForMintExtensions(mint, extensions),
      getInitializeToken2022MintInstruction({ mint, decimals: 6, mintAuthority: creator.address }),
      getCreateToken2022AccountInstruction({ payer: creator, ata: creatorToken, owner: creator.address, mint, tokenProgram }),
      getToken2022MintToInstruction({ mint, token: creatorToken, mintAuthority: creator, amount: options.poolToken }),
    )
  } else {
    const minted = await mintSetupInstructions({
      payer: creator,
      mint: mintSigner,
      owner: creator.address,
      decimals: 6,
      amount: options.poolToken,
      mintRentLamports: chain.getMinimumBalanceForRentExemption(BigInt(getMintSize())),
    })
    tokenSetup.push(...minted.instructions)
  }
  land(
    await buildUnsigned({
      feePayer: creator.address,
      blockhash,
      signers: [creator, mintSigner],
      instructions: [
        ...tokenSetup,
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: creatorWsol, owner: creator.address, mint: WSOL }),
        getTransferSolInstruction({ source: creator, destination: creatorWsol, amount: options.poolSol }),
        getSyncNativeInstruction({ account: creatorWsol }),
      ],
    }),
    'the token is minted and the SOL wrapped',
  )

  // The AMM config (createAmmConfig), made once a chain: a second pool uses the same one.
  const ammConfig = await pda('amm_config', Buffer.from([0, 0]))
  if (!chain.getAccount(ammConfig)) await createAmmConfig(chain, ammConfig, blockhash)
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

  // The pool: initialize(poolSol, poolToken), token_0 the smaller mint.
  const solIs0 = Buffer.compare(Buffer.from(encoder.encode(WSOL)), Buffer.from(encoder.encode(mint))) < 0
  const [mint0, mint1] = solIs0 ? [WSOL, mint] : [mint, WSOL]
  const [program0, program1] = solIs0 ? [TOKEN_PROGRAM_ADDRESS, tokenProgram] : [tokenProgram, TOKEN_PROGRAM_ADDRESS]
  const authority = await pda('vault_and_lp_mint_auth_seed')
  const pool = await pda('pool', ammConfig, mint0, mint1)
  const lpMint = await pda('pool_lp_mint', pool)
  const vault0 = await pda('pool_vault', pool, mint0)
  const vault1 = await pda('pool_vault', pool, mint1)
  const observation = await pda('observation', pool)
  const [creator0, creator1] = solIs0 ? [creatorWsol, creatorToken] : [creatorToken, creatorWsol]
  const [amount0, amount1] = solIs0 ? [options.poolSol, options.poolToken] : [options.poolToken, options.poolSol]
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
      // The LP mint is an SPL Token mint whatever the pool's tokens.
      account(
        (await findAssociatedTokenPda({ owner: creator.address, mint: lpMint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0],
        AccountRole.WRITABLE,
      ),
      account(vault0, AccountRole.WRITABLE),
      account(vault1, AccountRole.WRITABLE),
      account(POOL_FEE_RECEIVER, AccountRole.WRITABLE),
      account(observation, AccountRole.WRITABLE),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(program0, AccountRole.READONLY),
      account(program1, AccountRole.READONLY),
      account(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(SYSTEM, AccountRole.READONLY),
      account(RENT, AccountRole.READONLY),
    ],
    data: Buffer.concat([discriminator('initialize'), u64(amount0), u64(amount1), u64(0n)]),
  }
  land(await sign(creator, [initialize]), 'the pool is created by the real program')
  // Trading opens one second after creation: let the chain's clock pass it.
  chain.advanceSlot(10)

  const [vaultSol, vaultToken] = solIs0 ? [vault0, vault1] : [vault1, vault0]
  const accountsOf = async (signer: KeyPairSigner): Promise<CpmmWallet> => ({
    signer,
    wsol: await ata(signer.address, WSOL),
    token: await ata(signer.address, mint),
  })
  const wallet = async (lamports: bigint): Promise<CpmmWallet> => {
    const signer = await generateKeyPairSigner()
    chain.airdrop(signer.address, lamports)
    return accountsOf(signer)
  }
  const tokenAmount = (key: Address): bigint => {
    const data = chain.getAccount(key)?.data
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n
  }
  const fund = (owner: CpmmWallet, lamports: bigint): Instruction[] => [
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner.signer, ata: owner.wsol, owner: owner.signer.address, mint: WSOL }),
    getTransferSolInstruction({ source: owner.signer, destination: owner.wsol, amount: lamports }),
    getSyncNativeInstruction({ account: owner.wsol }),
    tokenProgram === TOKEN_PROGRAM_ADDRESS
      ? getCreateAssociatedTokenIdempotentInstruction({ payer: owner.signer, ata: owner.token, owner: owner.signer.address, mint })
      : getCreateToken2022AccountInstruction({ payer: owner.signer, ata: owner.token, owner: owner.signer.address, mint, tokenProgram }),
  ]
  /** swap_base_input: payer, authority, amm_config, pool_state, input/output token account, input/output vault, token programs, mints, observation. */
  const swap = (owner: CpmmWallet, amount: bigint, minimum: bigint, solIn: boolean): Instruction => {
    const [input, output, vaultIn, vaultOut, mintIn, mintOut, programIn, programOut] = solIn
      ? [owner.wsol, owner.token, vaultSol, vaultToken, WSOL, mint, TOKEN_PROGRAM_ADDRESS, tokenProgram]
      : [owner.token, owner.wsol, vaultToken, vaultSol, mint, WSOL, tokenProgram, TOKEN_PROGRAM_ADDRESS]
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
        account(programIn, AccountRole.READONLY),
        account(programOut, AccountRole.READONLY),
        account(mintIn, AccountRole.READONLY),
        account(mintOut, AccountRole.READONLY),
        account(observation, AccountRole.WRITABLE),
      ],
      data: Buffer.concat([discriminator('swap_base_input'), u64(amount), u64(minimum)]),
    }
  }
  return {
    mint,
    tokenProgram,
    vaultSol,
    vaultToken,
    sign,
    send: (bytes) => chain.send(bytes).err,
    tokenAmount,
    wallet,
    accountsOf,
    async landSandwich(frontRun, userTransaction) {
      const attacker = await wallet(frontRun + 10_000_000_000n)
      const send = async (instructions: Instruction[]) => chain.send(await sign(attacker.signer, instructions)).err
      const funding = await send(fund(attacker, frontRun))
      const lamportsBefore = chain.getAccount(attacker.signer.address)?.lamports ?? 0n
      const frontRunRefused = await send([ATTACKER_COMPUTE, swap(attacker, frontRun, 0n, true)])
      const user = chain.send(userTransaction).err
      const backRun = await send([ATTACKER_COMPUTE, swap(attacker, tokenAmount(attacker.token), 0n, false)])
      return {
        refused: { funding, frontRun: frontRunRefused, user, backRun },
        attackerProfit: tokenAmount(attacker.wsol) - frontRun,
        attackerFees: lamportsBefore - (chain.getAccount(attacker.signer.address)?.lamports ?? 0n),
      }
    },
    giveTokens: (token, amount) =>
      sign(creator, [
        tokenProgram === TOKEN_PROGRAM_ADDRESS
          ? getMintToInstruction({ mint, token, mintAuthority: creator, amount })
          : getToken2022MintToInstruction({ mint, token, mintAuthority: creator, amount }),
      ]),
    fund,
    swap,
  }
}
