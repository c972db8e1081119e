/**
 * The unsigned transaction that revokes a wallet's risky delegations: a Revoke per token account,
 * each under its own token program, built with the programs' clients and compiled by @solana/kit.
 * Legacy (every wallet signs it), the wallet as fee payer and the only signer, no signature yet.
 *
 * Close authorities are not in it: SetAuthority(CloseAccount) must be signed by the current close
 * authority, so the owner cannot remove a foreign one (test/engine/detection/approvals/revoke-transaction-
 * localnet.test.ts shows the token program refusing it).
 */
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit'
import { getRevokeInstruction } from '@solana-program/token'
import { getRevokeInstruction as getRevokeInstruction2022 } from '@solana-program/token-2022'
import { TOKEN_2022_PROGRAM_ADDRESS } from './wallet-token-accounts.js'

/**
 * Revokes one legacy transaction holds: with the fee payer and both token programs, 24 distinct
 * token accounts fill 1,110 of the 1,232 bytes a transaction may take (25 would need 1,248).
 */
export const MAX_REVOKES_PER_TRANSACTION = 24

export interface RevokeTarget {
  /** The token account (base58). */
  address: string
  /** Its token program (base58). */
  tokenProgram: string
}

/** Base64 of the wire transaction revoking `targets`' delegations, signed by nobody yet. */
export function createRevokeTransaction(wallet: string, blockhash: string, targets: readonly RevokeTarget[]): string {
  if (targets.length === 0 || targets.length > MAX_REVOKES_PER_TRANSACTION) {
    throw new RangeError(`a revoke transaction holds 1 to ${MAX_REVOKES_PER_TRANSACTION} accounts, not ${targets.length}`)
  }
  // A no-op signer marks the owner as a signer without holding its key: the wallet signs later.
  const owner = createNoopSigner(address(wallet))
  const instructions: Instruction[] = targets.map((target) =>
    target.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
      ? getRevokeInstruction2022({ source: address(target.address), owner })
      : getRevokeInstruction({ source: address(target.address), owner }),
  )
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(owner.address, m),
    // The height only matters to a sender that tracks expiry; it is not part of the bytes.
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(blockhash), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
