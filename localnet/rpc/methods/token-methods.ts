/** getTokenLargestAccounts, over the Token and Token-2022 programs. */
import type { Address } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { LocalChain } from '../../chain.js'
import { toAddressBytes } from '../../chain/local-account.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { assertMinContextSlot, requireParam, toAddressParam, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'

const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const NUM_LARGEST_ACCOUNTS = 20
const MINT_SIZE = 82
const TOKEN_ACCOUNT_SIZE = 165
/** Token-2022 writes an account-type byte right after the base layout of extended accounts. */
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_ACCOUNT = 2

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

function isTokenAccountOf(data: Uint8Array, mint: Uint8Array): boolean {
  const isAccount =
    data.length === TOKEN_ACCOUNT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT)
  // A token account starts with its mint.
  return isAccount && Buffer.compare(data.subarray(0, 32), mint) === 0
}

/** Agave's uiAmountString: the decimal amount without trailing zeros. */
export function toUiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** Creates the token methods. */
export function createTokenMethods(chain: LocalChain): RpcMethods {
  return {
    getTokenLargestAccounts(params) {
      const mint = toAddressParam(requireParam(params, 0, 'a mint'))
      const config = toConfigParam(params[1])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      const mintAccount = chain.getAccount(mint)
      if (!mintAccount) throw createInvalidParamsError('Invalid param: could not find mint')
      const program = mintAccount.owner
      if (program !== TOKEN_PROGRAM_ADDRESS && program !== TOKEN_2022_PROGRAM_ADDRESS) {
        throw createInvalidParamsError('Invalid param: not a Token mint')
      }
      // Offset 45 is the mint's is_initialized flag.
      if (mintAccount.data.length < MINT_SIZE || mintAccount.data[45] !== 1) {
        throw createInvalidParamsError('Invalid param: mint could not be unpacked')
      }
      const decimals = mintAccount.data[44] as number
      // A mint's token accounts live under the mint's own program, as Agave looks them up.
      const mintBytes = toAddressBytes(mint)
      const holders = chain
        .getProgramAccounts(program)
        .filter(({ account }) => isTokenAccountOf(account.data, mintBytes))
        .map(({ address, account }) => ({ address, amount: readU64(account.data, 64) }))
        .sort((a, b) => (a.amount === b.amount ? (a.address < b.address ? -1 : 1) : a.amount > b.amount ? -1 : 1))
        .slice(0, NUM_LARGEST_ACCOUNTS)
      return toRpcResponse(
        slot,
        holders.map(({ address, amount }) => {
          const uiAmountString = toUiAmountString(amount, decimals)
          return { address, amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
        }),
      )
    },
  }
}
