/**
 * The instructions a client sends to start a token: create and initialize a mint (SPL Token), create
 * the owner's associated token account, mint to it. Built with @solana-program/token for kit; the
 * web3.js tests convert them (toWeb3Instruction) with no-op signers standing in for their keypairs.
 */
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
} from '@solana-program/token'
import type { Address, Instruction, TransactionSigner } from '@solana/kit'

export type MintSetup = { instructions: Instruction[]; associatedTokenAccount: Address }

/** `payer` pays and is the mint authority; `mintRentLamports` from getMinimumBalanceForRentExemption(getMintSize()). */
export async function mintSetupInstructions(options: {
  payer: TransactionSigner
  mint: TransactionSigner
  owner: Address
  decimals: number
  amount: bigint
  mintRentLamports: bigint
}): Promise<MintSetup> {
  const { payer, mint, owner } = options
  const [associatedTokenAccount] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: options.mintRentLamports,
      space: getMintSize(),
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: options.decimals, mintAuthority: payer.address }),
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: associatedTokenAccount, owner, mint: mint.address }),
    getMintToInstruction({ mint: mint.address, token: associatedTokenAccount, mintAuthority: payer, amount: options.amount }),
  ]
  return { instructions, associatedTokenAccount }
}

export { getMintSize, TOKEN_PROGRAM_ADDRESS }
