/** Known mainnet swap programs, and which of them a localnet has loaded (LOCALNET_PROGRAMS_DIR). */
import { address, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit'

export const KNOWN_SWAP_PROGRAMS: ReadonlyArray<{ name: string; programId: Address }> = [
  { name: 'orca-whirlpool', programId: address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc') },
  { name: 'raydium-amm-v4', programId: address('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8') },
  { name: 'raydium-clmm', programId: address('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK') },
  { name: 'raydium-cpmm', programId: address('CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C') },
  { name: 'meteora-dlmm', programId: address('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo') },
  { name: 'phoenix', programId: address('PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY') },
  { name: 'jupiter-v6', programId: address('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4') },
]

/** Names of the known swap programs that exist as executable accounts on the chain. */
export async function getLoadedSwapPrograms(rpc: Rpc<SolanaRpcApi>, abortSignal: AbortSignal): Promise<string[]> {
  const { value } = await rpc
    .getMultipleAccounts(
      KNOWN_SWAP_PROGRAMS.map((program) => program.programId),
      { encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
    )
    .send({ abortSignal })
  return KNOWN_SWAP_PROGRAMS.filter((_, i) => value[i]?.executable === true).map((program) => program.name)
}
