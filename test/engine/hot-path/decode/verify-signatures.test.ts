// Signed transactions only (execute and send): every required signature present and valid over
// the message, checked with Node's ed25519 against transactions @solana/kit signs; anything else
// is invalid_signature naming the signer, never a crash.
import t from 'tap'
import { generateKeyPairSigner, getAddressEncoder } from '@solana/kit'
import { isServiceError } from '../../../../lib/errors.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { assertSignedTransaction } from '../../../../engine/hot-path/decode/verify-signatures.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'

function getSignatureError(bytes: Uint8Array): string | null {
  try {
    assertSignedTransaction(decodeWireTransaction(bytes))
    return null
  } catch (error) {
    if (!isServiceError(error, 'invalid_signature')) throw error
    return error.message
  }
}

t.test('signed, unsigned, tampered and foreign signatures', async (t) => {
  const payer = await generateKeyPairSigner()
  const cosigner = await generateKeyPairSigner()
  const other = await generateKeyPairSigner()
  const instructions = [transferSol(payer.address, other.address, 1_000n), transferSol(cosigner.address, other.address, 1_000n)]
  for (const version of ['legacy', 0] as const) {
    const signed = await buildTransaction({
      feePayer: payer.address,
      blockhash: BLOCKHASH,
      instructions,
      version,
      signers: [payer, cosigner],
    })
    t.equal(getSignatureError(signed), null, `${version}: both signers signed`)

    const halfSigned = signed.slice()
    halfSigned.fill(0, 1 + 64, 1 + 128) // the co-signer's slot left empty, as a wallet sends before its user signs
    t.equal(getSignatureError(halfSigned), `${cosigner.address} has not signed the transaction`, `${version}: the missing signer is named`)

    const tampered = signed.slice()
    // The recent blockhash, right after the static keys: the message changed after signing.
    const { staticKeysOffset, staticKeyCount } = decodeWireTransaction(signed)
    const at = staticKeysOffset + 32 * staticKeyCount
    tampered[at] = (tampered[at] ?? 0) ^ 1
    t.equal(getSignatureError(tampered), `the signature of ${payer.address} does not verify over the message`)

    const swapped = signed.slice()
    swapped.copyWithin(1, 1 + 64, 1 + 128) // the co-signer's signature in the payer's slot
    t.equal(getSignatureError(swapped), `the signature of ${payer.address} does not verify over the message`)
  }
})

t.test('a signer whose key is no curve point cannot sign, and does not crash the check', async (t) => {
  const payer = await generateKeyPairSigner()
  const signed = await buildTransaction({
    feePayer: payer.address,
    blockhash: BLOCKHASH,
    instructions: [transferSol(payer.address, payer.address, 1n)],
    signers: [payer],
  })
  const forged = signed.slice()
  const tx = decodeWireTransaction(forged)
  // An off-curve address (a PDA) in the fee payer's place, with a signature of random bytes.
  forged.set(getAddressEncoder().encode('GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL' as never), tx.staticKeysOffset)
  t.match(getSignatureError(forged), /^the signature of GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL does not verify/)
})
