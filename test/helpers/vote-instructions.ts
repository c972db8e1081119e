/**
 * A vote account to delegate stake to, built by hand because no vote-program client is installed:
 * `VoteInstruction::InitializeAccount(VoteInit)` is a u32 variant 0, then node pubkey, authorized
 * voter, authorized withdrawer (32 bytes each) and the commission (u8); its accounts are [vote (w),
 * rent sysvar, clock sysvar, node identity (s)] (solana-vote-interface, instruction.rs).
 */
import { AccountRole, address, getAddressEncoder, type Address, type Instruction } from '@solana/kit'

export const VOTE_PROGRAM: Address = address('Vote111111111111111111111111111111111111111')
/** `VoteStateV3::size_of()`: what CreateAccount must allocate for a vote account. */
export const VOTE_ACCOUNT_SIZE = 3762n
const CLOCK_SYSVAR = address('SysvarC1ock11111111111111111111111111111111')
const RENT_SYSVAR = address('SysvarRent111111111111111111111111111111111')

/** InitializeAccount of `vote` for validator `node`, with `withdrawer` as its withdraw authority. */
export function getInitializeVoteAccountInstruction(options: {
  vote: Address
  node: Address
  withdrawer: Address
  commission: number
}): Instruction {
  const encoder = getAddressEncoder()
  const data = new Uint8Array(4 + 32 * 3 + 1)
  data.set(encoder.encode(options.node), 4)
  data.set(encoder.encode(options.node), 36)
  data.set(encoder.encode(options.withdrawer), 68)
  data[100] = options.commission
  return {
    programAddress: VOTE_PROGRAM,
    accounts: [
      { address: options.vote, role: AccountRole.WRITABLE },
      { address: RENT_SYSVAR, role: AccountRole.READONLY },
      { address: CLOCK_SYSVAR, role: AccountRole.READONLY },
      { address: options.node, role: AccountRole.READONLY_SIGNER },
    ],
    data,
  }
}
