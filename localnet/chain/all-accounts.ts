/**
 * Every account on the chain, for the cluster-wide reads (getSupply, getLargestAccounts). LiteSVM
 * lists accounts by owner only, so they are gathered owner by owner: the system program, the
 * sysvar owner, the loaders, and every program the loaders and the native loader hold (an account
 * belongs to the program that owns it). An account assigned to an address that is no program is
 * not found — the same blind spot a getProgramAccounts crawl has.
 */
import { address, type Address } from '@solana/kit'
import type { LocalChain } from '../chain.js'
import { SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from './local-account.js'

const LOADERS: readonly Address[] = [
  address('NativeLoader1111111111111111111111111111111'),
  address('BPFLoader1111111111111111111111111111111111'),
  address('BPFLoader2111111111111111111111111111111111'),
  address('BPFLoaderUpgradeab1e11111111111111111111111'),
  address('LoaderV411111111111111111111111111111111111'),
]
const SYSVAR_OWNER = address('Sysvar1111111111111111111111111111111111111')

export type ChainAccount = { address: Address; account: LocalAccount }

/** Every account holding lamports, each once. */
export function readAllAccounts(chain: Pick<LocalChain, 'getProgramAccounts'>): ChainAccount[] {
  const owners = new Set<Address>([SYSTEM_PROGRAM_ADDRESS, SYSVAR_OWNER, ...LOADERS])
  for (const loader of LOADERS) {
    for (const { address: program, account } of chain.getProgramAccounts(loader)) if (account.executable) owners.add(program)
  }
  const seen = new Set<Address>()
  const accounts: ChainAccount[] = []
  for (const owner of owners) {
    for (const entry of chain.getProgramAccounts(owner)) {
      if (entry.account.lamports === 0n || seen.has(entry.address)) continue
      seen.add(entry.address)
      accounts.push(entry)
    }
  }
  return accounts
}
