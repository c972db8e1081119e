/**
 * Whether an account's data passes one getProgramAccounts filter (Agave's `filter_allows`): what
 * getProgramAccounts and the PubSub programSubscribe both apply.
 */
import type { ProgramAccountFilter } from './params.js'
import { isValidTokenAccountData } from './token-account-data.js'

/** Agave's `filter_allows`: a memcmp past the end of the data does not match. */
export function isProgramAccountAllowed(filter: ProgramAccountFilter, data: Uint8Array): boolean {
  switch (filter.kind) {
    case 'dataSize':
      return data.length === filter.size
    case 'tokenAccountState':
      return isValidTokenAccountData(data)
    case 'memcmp': {
      const { offset, bytes } = filter
      if (offset > data.length || data.length - offset < bytes.length) return false
      for (let i = 0; i < bytes.length; i++) if (data[offset + i] !== bytes[i]) return false
      return true
    }
  }
}
