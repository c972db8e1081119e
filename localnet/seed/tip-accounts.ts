/**
 * Jito's tip accounts as system accounts holding the rent-exempt minimum for no data, so that a
 * tip of any size lands (a transfer to an account that does not exist must itself cover rent,
 * and on mainnet these hold SOL) and each tip shows as a balance that grows.
 */
import type { Address } from '@solana/kit'
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from '../chain/local-account.js'
import { JITO_TIP_ACCOUNTS } from '../relay/tip-accounts.js'

export type TipAccountSink = {
  setAccount(address: Address, account: LocalAccount): void
  getMinimumBalanceForRentExemption(dataLength: bigint): bigint
}

/** Writes the eight tip accounts into the chain; account dumps loaded after them may replace them. */
export function seedTipAccounts(chain: TipAccountSink): void {
  const lamports = chain.getMinimumBalanceForRentExemption(0n)
  for (const tip of JITO_TIP_ACCOUNTS) {
    chain.setAccount(tip, {
      lamports,
      data: new Uint8Array(0),
      owner: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  }
}
