/**
 * Durable-nonce accounts for the cases, made with real setup transactions (System program
 * client): an 80-byte account owned by the System program, initialised with its authority.
 */
import { getBase58Decoder, type Address, type KeyPairSigner } from '@solana/kit'
import { getCreateAccountInstruction, getInitializeNonceAccountInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import type { CaseContext, DurableNonce } from './case-context.js'

/** Nonce account layout: u32 version, u32 state, authority (32), durable nonce (32), fee calculator (u64). */
const NONCE_ACCOUNT_SIZE = 80n

/**
 * A nonce account paid by `payer`, whose authority is `authority`, and the nonce it holds. The
 * chain then moves one block on: a nonce can be advanced only once the blockhash it was made
 * from is no longer the latest (as on a cluster, where the next block comes within 400 ms).
 */
export async function createNonceAccount(context: CaseContext, payer: KeyPairSigner, authority: Address): Promise<DurableNonce> {
  const nonce = await context.createKey()
  await context.send(
    payer,
    [
      getCreateAccountInstruction({
        payer,
        newAccount: nonce,
        lamports: await context.getRent(NONCE_ACCOUNT_SIZE),
        space: NONCE_ACCOUNT_SIZE,
        programAddress: SYSTEM_PROGRAM_ADDRESS,
      }),
      getInitializeNonceAccountInstruction({ nonceAccount: nonce.address, nonceAuthority: authority }),
    ],
    [nonce],
  )
  context.localnet.chain.advanceSlot()
  return { account: nonce.address, authority, value: await readNonceValue(context, nonce.address) }
}

/** The durable nonce a nonce account holds now (its "blockhash"). */
export async function readNonceValue(context: CaseContext, account: Address): Promise<string> {
  const raw = await context.readAccount(account)
  if (!raw || raw.data.length !== Number(NONCE_ACCOUNT_SIZE)) throw new Error(`${account} is not a nonce account`)
  return getBase58Decoder().decode(raw.data.subarray(40, 72))
}
