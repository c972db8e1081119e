import t from 'tap'
import { withSignatureSlots } from '../../../../engine/hot-path/decode/signature-slots.js'

t.test('only a zero signature count is filled, with the header’s required count of zeroed slots', async (t) => {
  const legacyMessage = [2, 0, 1, 3] // header: 2 required signatures, …
  const filled = withSignatureSlots(new Uint8Array([0, ...legacyMessage]))
  t.equal(filled[0], 2)
  t.equal(filled.length, 1 + 128 + legacyMessage.length)
  t.ok(filled.subarray(1, 129).every((b) => b === 0))
  t.same([...filled.subarray(129)], legacyMessage)

  const v0Message = [0x80, 1, 0, 0]
  const v0 = withSignatureSlots(new Uint8Array([0, ...v0Message]))
  t.equal(v0[0], 1, 'the v0 header comes after the version byte')
  t.same([...v0.subarray(65)], v0Message)

  const signed = new Uint8Array([1, ...new Array(64).fill(7), 1, 0, 0])
  t.equal(withSignatureSlots(signed), signed, 'a transaction with slots is returned as it is')
  const noSigner = new Uint8Array([0, 0, 0, 0])
  t.equal(withSignatureSlots(noSigner), noSigner, 'a message requiring no signature is left for the decoder to reject')
  const tooShort = new Uint8Array([0])
  t.equal(withSignatureSlots(tooShort), tooShort)
})
