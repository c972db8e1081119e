import { randomBytes } from 'node:crypto'
import t from 'tap'
import { getBase58Decoder } from '@solana/kit'
import { toBase58 } from '../../lib/base58.js'

const kit = getBase58Decoder()

t.test('toBase58 agrees with kit on signatures, keys, leading zeros and edge cases', async (t) => {
  const cases: Uint8Array[] = [new Uint8Array(0), new Uint8Array(1), new Uint8Array(64), Uint8Array.from([0, 0, 1]), Uint8Array.from([255])]
  for (let i = 0; i < 500; i++) cases.push(randomBytes(i % 2 === 0 ? 64 : 32))
  for (let i = 0; i < 50; i++) cases.push(Buffer.concat([new Uint8Array(i % 5), randomBytes(1 + (i % 70))]))
  let mismatches = 0
  for (const bytes of cases) if (toBase58(bytes) !== kit.decode(bytes)) mismatches++
  t.equal(mismatches, 0, `all ${cases.length} inputs encode as kit encodes them`)
  t.equal(toBase58(Uint8Array.from([0, 0, 1])), '112')
})
