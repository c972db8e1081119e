// The managed tip transaction: signed by the tip wallet only, a System transfer to the tip account,
// read back as a tip by the same code the lint uses; and the keypair file is checked before use.
import t from 'tap'
import { newKeypairBytes } from '../../../helpers/keypair-bytes.js'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTipTransaction } from '../../../../engine/landing/bundle/tip-transaction.js'
import { createTipWallet, loadTipWallet } from '../../../../engine/landing/bundle/tip-wallet.js'
import { findTipPayments } from '../../../../engine/hot-path/decode/tip-payments.js'
import { getSignatureProblem } from '../../../../engine/hot-path/decode/verify-signatures.js'
import { decodeWireTransaction, getStaticKey } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { fromBase58Address, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'

const TIP_ACCOUNT = '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5'

t.test('the tip transaction is a signed transfer to the tip account', async (t) => {
  const wallet = createTipWallet(newKeypairBytes())
  const blockhash = new Uint8Array(32).fill(7)
  const tipKey = fromBase58Address(TIP_ACCOUNT)
  const bytes = buildTipTransaction(wallet, Buffer.from(tipKey, 'latin1'), 12_345n, blockhash, 'tip for 5VfY')
  const other = buildTipTransaction(wallet, Buffer.from(tipKey, 'latin1'), 12_345n, blockhash, 'tip for 3xQz')
  const tx = decodeWireTransaction(bytes)
  t.equal(tx.version, 'legacy')
  t.equal(getSignatureProblem(tx), null, 'the signature verifies')
  t.same([...getStaticKey(tx, 0)], [...wallet.publicKey], 'the tip wallet pays and signs')
  t.same([...tx.recentBlockhash], [...blockhash])
  const payments = findTipPayments(tx, null, new Set([tipKey]))
  t.same(payments, [{ account: tipKey, lamports: 12_345n, viaLookupTable: false }])
  t.same(findTipPayments(tx, null, new Set([toAccountKey(new Uint8Array(32).fill(1))])), [], 'another account is no tip')

  t.not(
    Buffer.from(bytes.subarray(1, 65)).toString('hex'),
    Buffer.from(other.subarray(1, 65)).toString('hex'),
    'equal tips for two transactions are two transactions',
  )
  t.ok(Buffer.from(bytes).includes(Buffer.from('tip for 5VfY')), 'the memo names what it tips')

  const tampered = Uint8Array.from(bytes)
  tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1
  t.match(getSignatureProblem(decodeWireTransaction(tampered)), /does not verify/, 'a changed byte breaks the signature')
})

t.test('a keypair file is checked: format, length and a public key that belongs to the seed', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'tip-wallet-'))
  const good = newKeypairBytes()
  await writeFile(join(dir, 'good.json'), JSON.stringify([...good]))
  const wallet = await loadTipWallet(join(dir, 'good.json'))
  t.same([...wallet.publicKey], [...good.subarray(32)])

  await writeFile(join(dir, 'text.json'), 'not json')
  await t.rejects(loadTipWallet(join(dir, 'text.json')), /cannot read a JSON keypair/)
  await writeFile(join(dir, 'short.json'), JSON.stringify([...good.subarray(0, 40)]))
  await t.rejects(loadTipWallet(join(dir, 'short.json')), /64 bytes/)
  const mismatched = Uint8Array.from(good)
  mismatched[40] = (mismatched[40] as number) ^ 1
  await writeFile(join(dir, 'mismatch.json'), JSON.stringify([...mismatched]))
  await t.rejects(loadTipWallet(join(dir, 'mismatch.json')), /not the public key/)
  await t.rejects(loadTipWallet(join(dir, 'missing.json')), /missing\.json/)

  // A file with one stray character (a bad copy): JSON's own message quotes the text around it — the key's bytes.
  const secret = [...good.subarray(0, 32)]
  await writeFile(
    join(dir, 'cut.json'),
    `[${secret.slice(0, 16).join(',')},x${secret.slice(16).join(',')},${[...good.subarray(32)].join(',')}]`,
  )
  const cut = (await loadTipWallet(join(dir, 'cut.json')).catch((e: unknown) => e)) as Error
  t.match(cut.message, /cut\.json: cannot read a JSON keypair \(not valid JSON\)/)
  t.notOk(cut.message.includes(`${secret[14]},${secret[15]},x`), 'no byte of the key in the message')
  t.equal(cut.cause, undefined, 'nor in a cause')
})
