import { generateKeyPairSigner, type Address } from '@solana/kit'
import t from 'tap'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { INCINERATOR_ADDRESS } from '../../../../engine/detection/tokens/holder-owner-kinds.js'
import { getLpLock } from '../../../../engine/detection/tokens/lp-lock.js'
import { getMintLiquidity } from '../../../../engine/detection/tokens/pool-liquidity.js'
import { getPoolsForMint } from '../../../../engine/detection/tokens/pool-index.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  burn,
  createMint,
  createPayer,
  createTokenAccount,
  encodePumpSwapPool,
  encodeRaydiumAmmV4,
  encodeRaydiumCpmm,
  mintTo,
  plant,
  transfer,
  type TokenProgram,
} from './pool-test-chain.js'

const RAYDIUM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8' as Address
const RAYDIUM_V4_AUTHORITY = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1' as Address
const CPMM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C' as Address
const CPMM_AUTHORITY = 'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL' as Address
const PUMPSWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA' as Address
const RAYDIUM_LP_LOCKER_AUTHORITY = '3f7GcQFG397GAaEnv51zR6tsTVihYRydnydDD1cXekxH' as Address
const JUPITER_LOCK = 'LocpQgucEQHbqNABEYvBvwoxCPsSbG91A1QaQhQQqjn' as Address
/** sha256("account:VestingEscrow")[0..8] (jup-ag/jup-lock). */
const VESTING_ESCROW_DISCRIMINATOR = [244, 119, 183, 4, 73, 116, 135, 195]

t.test('LP burned by instruction, held by a burn address or a known locker: exact shares per venue', async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  const payer = await createPayer(localnet)
  const token = await createMint(localnet, payer)
  const quote = await createMint(localnet, payer)
  const newAddress = async () => (await generateKeyPairSigner()).address

  /** A vault: the ATA of `owner` for `mint`, funded by a real MintTo. */
  const vault = async (mint: Address, owner: Address, amount: bigint, program: TokenProgram = TOKEN_PROGRAM_ADDRESS) => {
    const account = await createTokenAccount(localnet, payer, mint, owner, program)
    if (amount > 0n) await mintTo(localnet, payer, mint, account, amount, program)
    return account
  }
  /** An LP mint with `minted` units in the payer's account. */
  const lp = async (minted: bigint, program: TokenProgram = TOKEN_PROGRAM_ADDRESS) => {
    const mint = await createMint(localnet, payer, program)
    const account = await vault(mint, payer.address, minted, program)
    return { mint, account }
  }

  // Raydium AMM v4: token is the coin (side A); vaults owned by the AMM authority PDA.
  const v4 = { pool: await newAddress(), lp: await lp(1_000_000n) }
  const v4Vaults = {
    token: await vault(token, RAYDIUM_V4_AUTHORITY, 5_000_000n),
    quote: await vault(quote, RAYDIUM_V4_AUTHORITY, 7_000_000n),
  }
  plant(
    localnet,
    v4.pool,
    RAYDIUM_V4,
    encodeRaydiumAmmV4({
      mintA: token,
      mintB: quote,
      vaultA: v4Vaults.token,
      vaultB: v4Vaults.quote,
      lpMint: v4.lp.mint,
      lpReserve: 1_000_000n,
    }),
  )
  await burn(localnet, payer, v4.lp.mint, v4.lp.account, 250_000n)
  await transfer(localnet, payer, v4.lp.account, await vault(v4.lp.mint, INCINERATOR_ADDRESS as Address, 0n), 50_000n)
  await transfer(localnet, payer, v4.lp.account, await vault(v4.lp.mint, RAYDIUM_LP_LOCKER_AUTHORITY, 0n), 100_000n)

  // Raydium CPMM: token is token_1 (side B).
  const cpmm = { pool: await newAddress(), lp: await lp(1_000_000n) }
  const cpmmVaults = { quote: await vault(quote, CPMM_AUTHORITY, 3_000_000n), token: await vault(token, CPMM_AUTHORITY, 2_000_000n) }
  plant(
    localnet,
    cpmm.pool,
    CPMM,
    encodeRaydiumCpmm({
      mintA: quote,
      mintB: token,
      vaultA: cpmmVaults.quote,
      vaultB: cpmmVaults.token,
      lpMint: cpmm.lp.mint,
      lpReserve: 1_000_000n,
    }),
  )
  await burn(localnet, payer, cpmm.lp.mint, cpmm.lp.account, 400_000n)

  // PumpSwap (an extended 301-byte pool): token is the base; vaults are the pool's own ATAs; LP on Token-2022.
  const pump = { pool: await newAddress(), lp: await lp(2_000_000n, TOKEN_2022_PROGRAM_ADDRESS) }
  const pumpVaults = { token: await vault(token, pump.pool, 1_000_000n), quote: await vault(quote, pump.pool, 4_000_000n) }
  plant(
    localnet,
    pump.pool,
    PUMPSWAP,
    encodePumpSwapPool(
      { mintA: token, mintB: quote, vaultA: pumpVaults.token, vaultB: pumpVaults.quote, lpMint: pump.lp.mint, lpReserve: 2_000_000n },
      301,
    ),
  )
  await burn(localnet, payer, pump.lp.mint, pump.lp.account, 500_000n, TOKEN_2022_PROGRAM_ADDRESS)
  // A Jupiter Lock escrow (the program's VestingEscrow account) holds LP: locked.
  const escrow = await newAddress()
  plant(localnet, escrow, JUPITER_LOCK, Uint8Array.from([...VESTING_ESCROW_DISCRIMINATOR, ...new Array(280).fill(0)]))
  await transfer(
    localnet,
    payer,
    pump.lp.account,
    await vault(pump.lp.mint, escrow, 0n, TOKEN_2022_PROGRAM_ADDRESS),
    200_000n,
    TOKEN_2022_PROGRAM_ADDRESS,
  )
  // An account merely assigned to the locker program (zero data, as anyone can create): not a lock.
  const fakeEscrow = await newAddress()
  plant(localnet, fakeEscrow, JUPITER_LOCK, new Uint8Array(288))
  await transfer(
    localnet,
    payer,
    pump.lp.account,
    await vault(pump.lp.mint, fakeEscrow, 0n, TOKEN_2022_PROGRAM_ADDRESS),
    100_000n,
    TOKEN_2022_PROGRAM_ADDRESS,
  )

  // An old 211-byte PumpSwap pool with empty vaults: found, but no liquidity.
  const oldPump = { pool: await newAddress(), lp: await lp(0n) }
  const oldVaults = { token: await vault(token, oldPump.pool, 0n), quote: await vault(quote, oldPump.pool, 0n) }
  plant(
    localnet,
    oldPump.pool,
    PUMPSWAP,
    encodePumpSwapPool(
      { mintA: token, mintB: quote, vaultA: oldVaults.token, vaultB: oldVaults.quote, lpMint: oldPump.lp.mint, lpReserve: 0n },
      211,
    ),
  )

  const index = await getPoolsForMint(rpc, token)
  const byPool = new Map(index.pools.map((pool) => [pool.pool, pool]))
  t.equal(index.pools.length, 4, 'the v4, CPMM and both PumpSwap pools')
  t.match(byPool.get(v4.pool), {
    venue: 'raydium_amm_v4',
    vault: v4Vaults.token,
    balance: 5_000_000n,
    otherMint: quote,
    otherVault: v4Vaults.quote,
    otherBalance: 7_000_000n,
    lpMint: v4.lp.mint,
    lpReserve: 1_000_000n,
    hasLiquidity: true,
  })
  t.match(byPool.get(cpmm.pool), {
    venue: 'raydium_cpmm',
    vault: cpmmVaults.token,
    balance: 2_000_000n,
    otherMint: quote,
    otherBalance: 3_000_000n,
    lpMint: cpmm.lp.mint,
    lpReserve: 1_000_000n,
    hasLiquidity: true,
  })
  t.match(byPool.get(pump.pool), {
    venue: 'pumpswap',
    vault: pumpVaults.token,
    balance: 1_000_000n,
    otherBalance: 4_000_000n,
    lpMint: pump.lp.mint,
    lpReserve: 2_000_000n,
    hasLiquidity: true,
  })
  t.match(byPool.get(oldPump.pool), { venue: 'pumpswap', balance: 0n, otherBalance: 0n, hasLiquidity: false })
  t.equal(index.hasLiquidity, true)
  const quoteIndex = await getPoolsForMint(rpc, quote)
  t.equal(quoteIndex.pools.length, 4, 'the quote side finds the same pools')

  const v4Lock = await getLpLock(rpc, byPool.get(v4.pool)!)
  t.same(
    v4Lock,
    {
      lpMint: v4.lp.mint,
      burnedShare: 0.3,
      lockedShare: 0.1,
      source: 'raydium_amm_v4.lp_amount',
      lpReserve: 1_000_000n,
      lpSupply: 750_000n,
      burnedAmount: 300_000n,
      lockedAmount: 100_000n,
    },
    'v4: 250,000 burned + 50,000 at the incinerator of 1,000,000; 100,000 in the Raydium locker',
  )

  const cpmmLock = await getLpLock(rpc, byPool.get(cpmm.pool)!)
  t.match(cpmmLock, { burnedShare: 0.4, lockedShare: 0, source: 'raydium_cpmm.lp_supply', lpSupply: 600_000n })

  const pumpLock = await getLpLock(rpc, byPool.get(pump.pool)!)
  t.match(
    pumpLock,
    { burnedShare: 0.25, lockedShare: 0.1, source: 'pumpswap.lp_supply', lpSupply: 1_500_000n, lockedAmount: 200_000n },
    'Token-2022 LP; the fake escrow does not count',
  )

  const liquidity = await getMintLiquidity(rpc, token)
  t.same(liquidity.errors, [])
  t.equal(liquidity.hasLiquidity, true)
  t.equal(liquidity.lpBurnedOrLocked, 0.3 + 0.1, 'the deepest pool (v4, 5,000,000 of the token) speaks for the mint')
  t.same(liquidity.pools?.find((pool) => pool.pool === cpmm.pool)?.lpLock?.burnedShare, 0.4)
  t.equal(liquidity.pools?.find((pool) => pool.pool === oldPump.pool)?.lpLock, null, 'no LP read for a pool without liquidity')
  t.same(
    liquidity.holders?.excluded.map((holder) => holder.account).sort(),
    [v4Vaults.token, cpmmVaults.token, pumpVaults.token, oldVaults.token].sort(),
    'every vault is excluded from the holders (getTokenLargestAccounts lists empty accounts too)',
  )
  t.same(liquidity.holders?.topHolders, [], 'nobody but the pools holds the token')
  t.equal(liquidity.holders?.topHolderConcentration, 0)
})
