/**
 * SPL Token state for the cases, made with real setup transactions (the Token program's own
 * client): mints, associated token accounts, balances; and, for the mints only mainnet has (USDC
 * and the fixture pools' tokens), balances planted where a real wallet would hold them.
 */
import { address, none, type Address, type KeyPairSigner } from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  AccountState,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getTokenDecoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import type { CaseContext } from './case-context.js'

/** USDC, as loaded from the Orca fixtures (Circle holds its mint and freeze authority). */
export const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
export const USDC_DECIMALS = 6
/** SAMO, as loaded from the Orca fixtures: no authorities, liquidity in the SAMO/USDC whirlpool. */
export const SAMO = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const MINT_SIZE = 82n
const TOKEN_ACCOUNT_SIZE = 165n

/** A mint whose authority is `authority` (and freeze authority, when given), paid by `payer`. */
export async function createMint(
  context: CaseContext,
  options: { payer: KeyPairSigner; authority: Address; decimals: number; freezeAuthority?: Address },
): Promise<Address> {
  const mint = await context.createKey()
  await context.send(
    options.payer,
    [
      getCreateAccountInstruction({
        payer: options.payer,
        newAccount: mint,
        lamports: await context.getRent(MINT_SIZE),
        space: MINT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals: options.decimals,
        mintAuthority: options.authority,
        freezeAuthority: options.freezeAuthority ?? null,
      }),
    ],
    [mint],
  )
  return mint.address
}

/** The associated token account of `owner` for `mint`. */
export async function getAta(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

/** Creates (idempotently) the associated token account of `owner` for `mint`, paid by `payer`. */
export async function createAta(context: CaseContext, payer: KeyPairSigner, owner: Address, mint: Address): Promise<Address> {
  const ata = await getAta(owner, mint)
  await context.send(payer, [getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint })])
  return ata
}

/** Mints `amount` base units of `mint` into `account`. */
export async function mintTo(
  context: CaseContext,
  options: { mint: Address; authority: KeyPairSigner; account: Address; amount: bigint },
): Promise<void> {
  await context.send(options.authority, [
    getMintToInstruction({ mint: options.mint, token: options.account, mintAuthority: options.authority, amount: options.amount }),
  ])
}

/** A balance of one token in its holder's associated account. */
export interface TokenBalance {
  mint: Address
  /** The holder's associated token account. */
  account: Address
  amount: bigint
  decimals: number
}

export interface Holding extends TokenBalance {
  /** Created the mint and holds its authority. */
  issuer: KeyPairSigner
}

/** A fresh token, issued by a new key, of which `owner` holds `amount` in its associated account. */
export async function createHolding(
  context: CaseContext,
  owner: Address,
  options: { amount: bigint; decimals?: number; issuer?: KeyPairSigner },
): Promise<Holding> {
  const issuer = options.issuer ?? (await context.fund())
  const decimals = options.decimals ?? 6
  const mint = await createMint(context, { payer: issuer, authority: issuer.address, decimals })
  const account = await createAta(context, issuer, owner, mint)
  await mintTo(context, { mint, authority: issuer, account, amount: options.amount })
  return { mint, account, issuer, amount: options.amount, decimals }
}

/**
 * Plants `owner`'s associated account of a mainnet mint (USDC, SAMO) holding `amount`: the
 * fixtures have the mint but nobody here holds its authority to mint, and a real wallet would
 * simply hold some.
 */
export async function plantTokenAccount(context: CaseContext, owner: Address, mint: Address, amount: bigint): Promise<Address> {
  const ata = await getAta(owner, mint)
  const data = getTokenEncoder().encode({
    mint,
    owner,
    amount,
    delegate: none(),
    state: AccountState.Initialized,
    isNative: none(),
    delegatedAmount: 0n,
    closeAuthority: none(),
  })
  context.plant(ata, {
    lamports: await context.getRent(TOKEN_ACCOUNT_SIZE),
    data: new Uint8Array(data),
    owner: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  return ata
}

/** `owner`'s USDC: what a drainer goes for first (planted: nobody here can mint USDC). */
export async function createUsdcBalance(context: CaseContext, owner: Address, amount: bigint): Promise<TokenBalance> {
  return { mint: USDC, account: await plantTokenAccount(context, owner, USDC, amount), amount, decimals: USDC_DECIMALS }
}

/** A token account's balance and authorities as the chain holds them now. */
export async function readTokenAccount(context: CaseContext, account: Address) {
  const raw = await context.readAccount(account)
  if (!raw) throw new Error(`no token account at ${account}`)
  return getTokenDecoder().decode(raw.data)
}
