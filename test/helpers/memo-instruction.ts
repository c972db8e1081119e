/**
 * An SPL Memo instruction, built by hand because no @solana-program/memo client is installed: the
 * program (v2/v3, MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr) takes the UTF-8 text as its whole
 * data and checks that every account it is given signed (spl.solana.com/memo). LiteSVM ships it.
 */
import { AccountRole, address, type Address, type Instruction } from '@solana/kit'

export const MEMO_PROGRAM: Address = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

/** A memo with `text`, optionally naming the signers it must be signed by. */
export function getMemoInstruction(text: string, signers: readonly Address[] = []): Instruction {
  return {
    programAddress: MEMO_PROGRAM,
    accounts: signers.map((signer) => ({ address: signer, role: AccountRole.READONLY_SIGNER })),
    data: new TextEncoder().encode(text),
  }
}
