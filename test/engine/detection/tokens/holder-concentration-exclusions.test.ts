import { generateKeyPairSigner, type Address } from '@solana/kit'
import t from 'tap'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { getHolderConcentration } from '../../../../engine/detection/tokens/holder-concentration.js'
import { INCINERATOR_ADDRESS } from '../../../../engine/detection/tokens/holder-owner-kinds.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { PUMPSWAP_POOL_DISCRIMINATOR, createMint, createPayer, createTokenAccount, mintTo, plant, transfer } from './pool-test-chain.js'

const RAYDIUM_V4_AUTHORITY = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1' as Address
const PUMPSWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA' as Address
const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc' as Address

t.test('top-10 concentration of real holders, pools and burn addresses excluded', async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  const payer = await createPayer(localnet)
  const mint = await createMint(localnet, payer)
  const newAddress = async () => (await generateKeyPairSigner()).address
  const supply = 1_146_000n
  const payerAccount = await createTokenAccount(localnet, payer, mint, payer.address)
  await mintTo(localnet, payer, mint, payerAccount, supply)
  const give = async (owner: Address, amount: bigint) => {
    const account = await createTokenAccount(localnet, payer, mint, owner)
    await transfer(localnet, payer, payerAccount, account, amount)
    return account
  }

  // Pools: a Raydium v4 vault (its authority PDA), a PumpSwap pool's own ATA, and a vault the pool index named.
  const raydiumVault = await give(RAYDIUM_V4_AUTHORITY, 300_000n)
  const pumpPool = await newAddress()
  plant(localnet, pumpPool, PUMPSWAP, Uint8Array.from([...PUMPSWAP_POOL_DISCRIMINATOR, ...new Array(292).fill(0)]))
  const pumpVault = await give(pumpPool, 45_000n)
  const indexedVault = await give(await newAddress(), 35_000n)
  // Burned: the incinerator's account.
  const incinerated = await give(INCINERATOR_ADDRESS as Address, 100_000n)
  // Not a pool: an account merely assigned to the Whirlpool program, with no Whirlpool in it.
  const fakePool = await newAddress()
  plant(localnet, fakePool, WHIRLPOOL, new Uint8Array(653))
  const fakePoolAccount = await give(fakePool, 85_000n)
  const wallets = [90_000n, 80_000n, 70_000n, 60_000n, 50_000n, 40_000n, 30_000n, 20_000n, 10_000n, 5_000n]
  const walletAccounts: Address[] = []
  for (const amount of wallets) walletAccounts.push(await give(await newAddress(), amount))
  t.equal(
    localnet.chain
      .getAccount(payerAccount)!
      .data.subarray(64, 72)
      .reduce((n, b, i) => n + (BigInt(b) << BigInt(8 * i)), 0n),
    126_000n,
    'the payer keeps 126,000',
  )

  const result = await getHolderConcentration(rpc, mint, { poolVaults: new Set([indexedVault]) })
  t.equal(result.supply, supply)
  t.equal(result.decimals, 6)
  // Counted: 126,000 (payer), 90,000, 85,000 (the fake pool), 80,000 … 20,000; 10,000 and 5,000 are 11th and 12th.
  t.equal(result.topHolderConcentration, 651_000 / 1_146_000, 'exact share of the ten largest remaining holders')
  t.same(
    result.topHolders.map((holder) => holder.amount),
    [126_000n, 90_000n, 85_000n, 80_000n, 70_000n, 60_000n, 50_000n, 40_000n, 30_000n, 20_000n],
  )
  t.ok(
    result.topHolders.some((holder) => holder.account === fakePoolAccount),
    'a zero-filled account of a pool program is no pool',
  )
  t.same(
    result.excluded.map(({ account, kind, name }) => ({ account, kind, name })),
    [
      { account: raydiumVault, kind: 'pool', name: 'raydium_amm_v4' },
      { account: incinerated, kind: 'burn', name: null },
      { account: pumpVault, kind: 'pool', name: 'pumpswap' },
      { account: indexedVault, kind: 'pool', name: null },
    ],
    'the excluded accounts, largest first, and why',
  )
  t.equal(rpc.callsByMethod.get('getTokenLargestAccounts'), 1)
  t.equal(rpc.callsByMethod.get('getMultipleAccounts'), 2, 'the accounts, then their owners')
})

t.test('the real USDC holders of the Orca dumps: the whirlpool vaults are pools', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR, LOCALNET_DEMO: 'false' })
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 10_000 })
  const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
  const dumps = readAccountDumps(ORCA_ACCOUNTS_DIR)
  const data = (pubkey: string) => Buffer.from(dumps.find((dump) => dump.pubkey === pubkey)!.account.data[0], 'base64')
  const supply = data(usdc).readBigUInt64LE(36)
  const wallet = data('3xo8jkvjFup6ur21o7TvbYyWE7mijww2CZb2B9ZvFkb7').readBigUInt64LE(64)

  const result = await getHolderConcentration(rpc, usdc)
  t.equal(result.supply, supply, 'the supply of the USDC dump')
  t.same(
    result.excluded.map(({ account, name }) => ({ account, name })).sort((a, b) => (a.account < b.account ? -1 : 1)),
    [
      { account: '2JTw1fE2wz1SymWUQ7UqpVtrTuKjcd6mWwYwUJUCh2rq', name: 'orca_whirlpool' },
      { account: '8xKCx3SGwWR6BUr9mZFm3xwZmCVMuLjXn9iLEU6784FS', name: 'orca_whirlpool' },
    ],
    'both USDC vaults are owned by Whirlpool accounts',
  )
  t.same(
    result.topHolders.map((holder) => holder.account),
    ['3xo8jkvjFup6ur21o7TvbYyWE7mijww2CZb2B9ZvFkb7'],
    "the wallet's USDC account is the one holder",
  )
  t.equal(result.topHolderConcentration, Number(wallet) / Number(supply))
})
