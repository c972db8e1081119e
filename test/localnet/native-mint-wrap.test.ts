// The native mints exist from the start, as on every cluster, so that wrapping SOL works: create the
// wrapped-SOL associated account, send it lamports, SyncNative, and its token balance shows them.
import t from 'tap'
import type { Address } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getSyncNativeInstruction,
  getTokenDecoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { NATIVE_MINT, NATIVE_MINT_2022 } from '../../localnet/seed/native-mints.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { createFundedSigner, sendInstructions } from '../helpers/token-2022-mints.js'

const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** The account at processed: what the test just wrote, in the open slot. */
async function readAccount(localnet: TestLocalnet, address: Address) {
  const value = (await localnet.call('getAccountInfo', [address, { encoding: 'base64', commitment: 'processed' }])).result?.value as {
    lamports: number
    owner: string
    executable: boolean
    data: [string, string]
  } | null
  return value && { ...value, bytes: new Uint8Array(Buffer.from(value.data[0], 'base64')) }
}

t.test('both native mints are there at start, as a cluster has them', async (t) => {
  const envs: Array<Record<string, string>> = [{}, { LOCALNET_DEMO: 'false' }]
  for (const env of envs) {
    const localnet = await startTestLocalnet(t, env)
    const rent = (await localnet.call('getMinimumBalanceForRentExemption', [82])).result as number
    for (const [mint, owner] of [
      [NATIVE_MINT, TOKEN_PROGRAM_ADDRESS],
      [NATIVE_MINT_2022, TOKEN_2022_PROGRAM],
    ] as const) {
      const account = await readAccount(localnet, mint)
      if (!account) {
        t.fail(`${mint} is missing`)
        continue
      }
      t.equal(account.owner, owner, `${mint} belongs to ${owner}`)
      t.equal(account.lamports, rent, 'rent-exempt')
      t.equal(account.executable, false)
      t.same(getMintDecoder().decode(account.bytes), {
        mintAuthority: { __option: 'None' },
        supply: 0n,
        decimals: 9,
        isInitialized: true,
        freezeAuthority: { __option: 'None' },
      })
    }
  }
})

t.test('wrapping SOL: the wrapped-SOL account, a transfer into it, SyncNative; the balance shows', async (t) => {
  const localnet = await startTestLocalnet(t)
  const owner = await createFundedSigner(localnet)
  const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: NATIVE_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const wrapped = 1_500_000_000n
  const signature = await sendInstructions(localnet, owner, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata, owner: owner.address, mint: NATIVE_MINT }),
    getTransferSolInstruction({ source: owner, destination: ata, amount: wrapped }),
    getSyncNativeInstruction({ account: ata }),
  ])
  const status = (await localnet.call('getSignatureStatuses', [[signature]])).result.value[0]
  t.equal(status?.err, null, 'the wrap landed')

  const account = await readAccount(localnet, ata)
  if (!account) return t.fail('no wrapped-SOL account')
  const rent = BigInt((await localnet.call('getMinimumBalanceForRentExemption', [165])).result as number)
  const token = getTokenDecoder().decode(account.bytes)
  t.equal(account.owner, TOKEN_PROGRAM_ADDRESS)
  t.equal(token.mint, NATIVE_MINT)
  t.equal(token.owner, owner.address)
  t.equal(token.amount, wrapped, 'the token balance is the lamports sent in')
  t.same(token.isNative, { __option: 'Some', value: rent }, 'a native account keeps its rent aside')
  t.equal(BigInt(account.lamports), wrapped + rent)
})
