/**
 * Lands real, signed transactions on a test localnet through sendTransaction, for the history
 * tests (getSignaturesForAddress, getTransaction): legacy or v0, optionally through lookup tables,
 * optionally skipping preflight so that a failing one lands with its error.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type AccountSignerMeta,
  type AddressesByLookupTableAddress,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, encodeLookupTableData } from '../../localnet/seed/lookup-table-account.js'
import type { TestLocalnet } from './localnet-start.js'

export const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

export type SendOptions = {
  version?: 0 | 'legacy'
  skipPreflight?: boolean
  lookupTables?: AddressesByLookupTableAddress
}

/** The wire bytes of a transaction signed by every signer its instructions carry. */
export async function buildSignedTransaction(
  localnet: Pick<TestLocalnet, 'chain'>,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  options: SendOptions = {},
): Promise<Uint8Array> {
  const blockhash = localnet.chain.getLatestBlockhash().blockhash as Blockhash
  const version = options.version ?? 'legacy'
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compressed =
    options.lookupTables && version === 0
      ? compressTransactionMessageUsingAddressLookupTables(message as never, options.lookupTables)
      : message
  const signed = await signTransactionMessageWithSigners(compressed as typeof message)
  return new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'))
}

/** Sends a signed transaction; returns its signature, throws with the RPC error when refused. */
export async function sendSigned(
  localnet: TestLocalnet,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  options: SendOptions = {},
): Promise<string> {
  const bytes = await buildSignedTransaction(localnet, feePayer, instructions, options)
  const sent = await localnet.call('sendTransaction', [
    Buffer.from(bytes).toString('base64'),
    { encoding: 'base64', skipPreflight: options.skipPreflight ?? false },
  ])
  if (sent.error) throw new Error(`not sent: ${JSON.stringify(sent.error)}`)
  return sent.result as string
}

/** Advances the chain until everything landed so far is finalized: what getTransaction and getSignaturesForAddress serve by default. */
export function advanceToFinalized(localnet: TestLocalnet): void {
  localnet.chain.advanceSlot(localnet.chain.finalitySlots)
}

/** An SPL Memo (v3) instruction signed by `signer`. */
export function getMemoInstruction(text: string | Uint8Array, signer: KeyPairSigner): Instruction {
  const account: AccountSignerMeta = { address: signer.address, role: AccountRole.READONLY_SIGNER, signer }
  return { programAddress: MEMO_PROGRAM, accounts: [account], data: typeof text === 'string' ? new TextEncoder().encode(text) : text }
}

/** Puts an address lookup table holding `addresses` on the chain; returns its address. */
export async function putLookupTable(localnet: TestLocalnet, addresses: readonly Address[]): Promise<Address> {
  const table = (await generateKeyPairSigner()).address
  localnet.chain.setAccount(table, {
    lamports: 10_000_000n,
    data: encodeLookupTableData({ authority: null, addresses }),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  return table
}
