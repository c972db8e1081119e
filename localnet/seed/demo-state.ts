/**
 * A deterministic demo state, identical on every start: three funded wallets, an SPL Token mint
 * (6 decimals, minted by wallet 0) and each wallet's associated token account with a balance.
 * The addresses are constants so that docs and tests can name them; a test checks that they
 * derive from the seeds below.
 */
import { createHash } from 'node:crypto'
import { address, createKeyPairSignerFromPrivateKeyBytes, none, some, type Address, type KeyPairSigner } from '@solana/kit'
import { AccountState, TOKEN_PROGRAM_ADDRESS, getMintEncoder, getTokenEncoder } from '@solana-program/token'
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from '../chain/local-account.js'

export type DemoStateSink = {
  setAccount(address: Address, account: LocalAccount): void
  getMinimumBalanceForRentExemption(dataLength: bigint): bigint
}

function toSeed(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

/** Ed25519 private keys (32-byte seeds) of the demo wallets: sha256("localnet-demo-wallet-<n>"). */
export const DEMO_WALLET_SEEDS: readonly [Uint8Array, Uint8Array, Uint8Array] = [
  toSeed('localnet-demo-wallet-1'),
  toSeed('localnet-demo-wallet-2'),
  toSeed('localnet-demo-wallet-3'),
]
/** Seed of the mint's keypair: sha256("localnet-demo-mint"). */
export const DEMO_MINT_SEED: Uint8Array = toSeed('localnet-demo-mint')

export const DEMO_WALLETS: readonly [Address, Address, Address] = [
  address('J5Szha8WfhnMXMnDpy9MijqpHrKTBq9UZSMPvBKChN7r'),
  address('2kDwU4To6abqj8yX8kcmj6KbUL4iQhcrwMGF6TpYNe4s'),
  address('EAfwxZq9CdSSPZxrtu9nDf9XGzyQfekZEccTKWH1tUbV'),
]

export const DEMO_MINT: Address = address('BdPEUjjf5UL8QTsHcK5iZxXdByPZ4Bqxojofv99V6wc')
export const DEMO_MINT_DECIMALS = 6
/** The mint authority is the first demo wallet, so a test signing with its seed can mint. */
export const DEMO_MINT_AUTHORITY: Address = DEMO_WALLETS[0]

/** Associated token accounts (Tokenkeg program) of DEMO_WALLETS for DEMO_MINT, same order. */
export const DEMO_TOKEN_ACCOUNTS: readonly [Address, Address, Address] = [
  address('5w434CjDP5pE4mfMGUBKZzfQMNKSQKxHCdqdNhubJ9PQ'),
  address('GYJ5pQSUTjW75F1KPn8n72fTe66CoJtpM7MVXFh9SQhe'),
  address('6NogGLMRU2cm3hXA3xZCkzn9KF6zoi4VqtQhxaSaTNv8'),
]

/** Lamports of each wallet: 1000, 100 and 10 SOL. */
export const DEMO_WALLET_LAMPORTS: readonly [bigint, bigint, bigint] = [1_000_000_000_000n, 100_000_000_000n, 10_000_000_000n]
/** Token balances in base units: 1,000,000, 250,000.5 and 42 tokens. */
export const DEMO_TOKEN_AMOUNTS: readonly [bigint, bigint, bigint] = [1_000_000_000_000n, 250_000_500_000n, 42_000_000n]

/** The demo wallets' signers, for tests and scripts that sign as them. */
export function createDemoWalletSigners(): Promise<[KeyPairSigner, KeyPairSigner, KeyPairSigner]> {
  const [a, b, c] = DEMO_WALLET_SEEDS
  return Promise.all([
    createKeyPairSignerFromPrivateKeyBytes(a),
    createKeyPairSignerFromPrivateKeyBytes(b),
    createKeyPairSignerFromPrivateKeyBytes(c),
  ])
}

// Literal indexes keep the tuple types (no `undefined` under noUncheckedIndexedAccess).
const DEMO_INDEXES = [0, 1, 2] as const

/** Writes the demo accounts into the chain. */
export function seedDemoState(chain: DemoStateSink): void {
  const rentExempt = (data: Uint8Array): LocalAccount => ({
    lamports: chain.getMinimumBalanceForRentExemption(BigInt(data.length)),
    data,
    owner: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  for (const i of DEMO_INDEXES) {
    chain.setAccount(DEMO_WALLETS[i], {
      lamports: DEMO_WALLET_LAMPORTS[i],
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  }
  const mintData = getMintEncoder().encode({
    mintAuthority: some(DEMO_MINT_AUTHORITY),
    supply: DEMO_TOKEN_AMOUNTS.reduce((sum, amount) => sum + amount, 0n),
    decimals: DEMO_MINT_DECIMALS,
    isInitialized: true,
    freezeAuthority: none(),
  })
  chain.setAccount(DEMO_MINT, rentExempt(new Uint8Array(mintData)))
  for (const i of DEMO_INDEXES) {
    const tokenData = getTokenEncoder().encode({
      mint: DEMO_MINT,
      owner: DEMO_WALLETS[i],
      amount: DEMO_TOKEN_AMOUNTS[i],
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
    })
    chain.setAccount(DEMO_TOKEN_ACCOUNTS[i], rentExempt(new Uint8Array(tokenData)))
  }
}
