/**
 * The managed tip: a legacy transaction in which the tip wallet transfers `lamports` to one of the
 * relay's tip accounts, appended as the bundle's last transaction so that a caller's signed
 * transaction needs no change. It lives and dies with the bundle (all or none), and it carries the
 * caller's blockhash so that both expire together.
 */
import type { TipWallet } from './tip-wallet.js'

/** System program instruction 2: Transfer { lamports: u64 }. */
const SYSTEM_TRANSFER = 2

/**
 * The signed wire bytes. Message: header (1 signer, 0 read-only signed, 1 read-only unsigned),
 * keys [wallet, tip account, system program], the blockhash, one Transfer instruction.
 * Every length is below 128, so each compact-u16 is one byte.
 */
export function buildTipTransaction(wallet: TipWallet, tipAccount: Uint8Array, lamports: bigint, blockhash: Uint8Array): Uint8Array {
  const message = new Uint8Array(3 + 1 + 3 * 32 + 32 + 1 + 1 + 1 + 2 + 1 + 12)
  let offset = 0
  message.set([1, 0, 1, 3], offset)
  offset += 4
  message.set(wallet.publicKey, offset)
  message.set(tipAccount, offset + 32)
  // The system program's address is 32 zero bytes: already zero.
  offset += 96
  message.set(blockhash, offset)
  offset += 32
  message.set([1, 2, 2, 0, 1, 12], offset)
  offset += 6
  const data = new DataView(message.buffer, offset, 12)
  data.setUint32(0, SYSTEM_TRANSFER, true)
  data.setBigUint64(4, lamports, true)
  const signature = wallet.sign(message)
  const wire = new Uint8Array(1 + 64 + message.length)
  wire[0] = 1
  wire.set(signature, 1)
  wire.set(message, 65)
  return wire
}
