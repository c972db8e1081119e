// jsonParsed in the account reads (getAccountInfo, getMultipleAccounts, getProgramAccounts) as
// Agave's account-decoder writes it for token accounts and address lookup tables (kit's
// fetchAddressesForLookupTables reads tables that way); anything else falls back to base64, with
// the dataSlice, as Agave does for what it cannot parse.
import { address } from '@solana/kit'
import t from 'tap'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, encodeLookupTableData } from '../../localnet/seed/lookup-table-account.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const TABLE = address('4sKLJ1Qoudh8PJyqBeuKocYdsZvxTcRShUt9aKqwhgvC')
const ENTRIES = [address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'), address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')]
const jsonParsed = { encoding: 'jsonParsed' }

t.test('a lookup table: Agave’s parse_address_lookup_table, slots as strings, authority only when set', async (t) => {
  const localnet = await startTestLocalnet(t)
  const put = (authority: (typeof DEMO_WALLETS)[0] | null, deactivationSlot?: bigint) =>
    localnet.chain.setAccount(TABLE, {
      lamports: 10_000_000n,
      data: encodeLookupTableData({
        authority,
        addresses: ENTRIES,
        lastExtendedSlot: 447_552_007n,
        lastExtendedSlotStartIndex: 1,
        ...(deactivationSlot === undefined ? {} : { deactivationSlot }),
      }),
      owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  put(DEMO_WALLETS[0])
  const answer = await localnet.call('getAccountInfo', [TABLE, jsonParsed])
  t.same(answer.result.value, {
    data: {
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: '18446744073709551615',
          lastExtendedSlot: '447552007',
          lastExtendedSlotStartIndex: 1,
          authority: DEMO_WALLETS[0],
          addresses: ENTRIES,
        },
      },
      space: 56 + 64,
    },
    executable: false,
    lamports: 10_000_000,
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    rentEpoch: Number(RENT_EXEMPT_RENT_EPOCH),
    space: 56 + 64,
  })
  put(null, 447_552_010n)
  const frozen = (await localnet.call('getAccountInfo', [TABLE, jsonParsed])).result.value.data.parsed.info
  t.notOk('authority' in frozen, 'a frozen table has no authority field')
  t.equal(frozen.deactivationSlot, '447552010')

  localnet.chain.setAccount(TABLE, {
    lamports: 1n,
    data: new Uint8Array(56),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: 0n,
  })
  t.same((await localnet.call('getAccountInfo', [TABLE, jsonParsed])).result.value.data, {
    program: 'address-lookup-table',
    parsed: { type: 'uninitialized' },
    space: 56,
  })
  localnet.chain.setAccount(TABLE, {
    lamports: 1n,
    data: Uint8Array.of(1, 0, 0, 0, 9),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: 0n,
  })
  t.same(
    (await localnet.call('getAccountInfo', [TABLE, jsonParsed])).result.value.data,
    ['AQAAAAk=', 'base64'],
    'data that does not deserialize: base64',
  )
})

t.test('getMultipleAccounts and getProgramAccounts: token accounts parsed, the rest base64 with its dataSlice', async (t) => {
  const localnet = await startTestLocalnet(t)
  const multiple = await localnet.call('getMultipleAccounts', [
    [DEMO_TOKEN_ACCOUNTS[2], DEMO_WALLETS[2], DEMO_MINT, TABLE],
    { encoding: 'jsonParsed', dataSlice: { offset: 44, length: 2 } },
  ])
  const [token, wallet, mint, missing] = multiple.result.value
  t.match(token.data, {
    program: 'spl-token',
    parsed: {
      type: 'account',
      info: { mint: DEMO_MINT, owner: DEMO_WALLETS[2], tokenAmount: { amount: '42000000', decimals: 6, uiAmountString: '42' } },
    },
    space: 165,
  })
  t.same(wallet.data, ['', 'base64'])
  t.same(mint.data, ['BgE=', 'base64'], 'a mint is not parsed here: base64 of the slice (decimals 6, initialized)')
  t.equal(missing, null)

  const owned = await localnet.call('getProgramAccounts', [
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    { encoding: 'jsonParsed', filters: [{ dataSize: 165 }] },
  ])
  t.same(
    owned.result
      .map((entry: { account: { data: { parsed: { info: { owner: string } } } } }) => entry.account.data.parsed.info.owner)
      .sort(),
    [...DEMO_WALLETS].sort(),
    'each demo token account, parsed',
  )
})
