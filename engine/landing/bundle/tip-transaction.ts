/**
 * The managed tip: a legacy transaction in which the tip wallet transfers `lamports` to one of the
 * relay's tip accounts, appended as the bundle's last transaction so that a caller's signed
 * transaction needs no change. It lives and dies with the bundle (all or none), and it carries the
 * caller's blockhash so that both expire together. A memo names the transaction it tips: it makes
 * every tip transaction unique (two equal tips from the same wallet with the same blockhash would
 * otherwise be the same transaction, and the second bundle would fail as already processed), and it
 * ties the tip to what it paid for on chain.
 */
import type { TipWallet } from './tip-wallet.js'

/** System program instruction 2: Transfer { lamports: u64 }. */
const SYSTEM_TRANSFER = 2
/** SPL Memo v3, present on every cluster (and in LiteSVM). */
const MEMO_PROGRAM = Uint8Array.from(Buffer.from('054a535a992921064d24e87160da387c7c35b5ddbc92bb81e41fa8404105448d', 'hex'))

function compactLength(length: number): number[] {
  return length < 0x80 ? [length] : [(length & 0x7f) | 0x80, length >> 7]
}

/**
 * The signed wire bytes. Message: header (1 signer, 0 read-only signed, 2 read-only unsigned),
 * keys [wallet, tip account, system program, memo program], the blockhash, a Transfer and a Memo.
 */
export function buildTipTransaction(
  wallet: TipWallet,
  tipAccount: Uint8Array,
  lamports: bigint,
  blockhash: Uint8Array,
  memo: string,
): Uint8Array {
  const memoBytes = Buffer.from(memo, 'utf8')
  const transfer = new Uint8Array(12)
  const view = new DataView(transfer.buffer)
  view.setUint32(0, SYSTEM_TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  const message = Uint8Array.from([
    1,
    0,
    2,
    4,
    ...wallet.publicKey,
    ...tipAccount,
    ...new Uint8Array(32), // the system program: 32 zero bytes
    ...MEMO_PROGRAM,
    ...blockhash,
    2,
    // Transfer: program 2, accounts [wallet, tip account]
    2,
    2,
    0,
    1,
    12,
    ...transfer,
    // Memo: program 3, no accounts
    3,
    0,
    ...compactLength(memoBytes.length),
    ...memoBytes,
  ])
  const signature = wallet.sign(message)
  const wire = new Uint8Array(1 + 64 + message.length)
  wire[0] = 1
  wire.set(signature, 1)
  wire.set(message, 65)
  return wire
}
