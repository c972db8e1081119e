/**
 * Program authorities of DEX and protocol programs that legitimately hold token authority: vault
 * and pool authorities a swap moves tokens through, aggregator program authorities, and the
 * global or event authorities of launchpads. Each is a program-derived address (off the ed25519
 * curve: nobody holds a key for it), so tokens it may move move only as its program's code allows.
 * A delegation to one is the protocol at work, not a person's standing permission.
 *
 * Every entry is the PDA of its program and seeds, as the program's source or IDL declares them;
 * test/engine/detection/programs/known-authorities-evidence.test.ts derives each one. Program ids are those of
 * engine/detection/programs/dex-programs.ts. Fewer entries that are certainly right beat a longer list:
 * an address missing here is only judged by the general rules (off-curve: high at most).
 */

export interface KnownAuthority {
  readonly name: string
  /** The program whose PDA it is. */
  readonly program: string
}

const RAYDIUM_AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'
const RAYDIUM_CPMM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'
const RAYDIUM_LAUNCHLAB = 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj'
const RAYDIUM_LP_LOCK = 'LockrWmn6K5twhz3y9w1dQERbmgSaRkfnTeTKbpofwE'
const METEORA_DAMM_V2 = 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG'
const METEORA_DLMM = 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo'
const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'
const PUMP_FUN = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P'
const PUMP_SWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA'

/** By base58 address. */
export const KNOWN_AUTHORITIES: ReadonlyMap<string, KnownAuthority> = new Map<string, KnownAuthority>([
  // raydium-io/raydium-amm: seed "amm authority".
  ['5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', { name: 'Raydium AMM v4 authority', program: RAYDIUM_AMM_V4 }],
  // raydium-io/raydium-cpi programs/cpmm-cpi: seed "vault_and_lp_mint_auth_seed".
  ['GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL', { name: 'Raydium CPMM authority', program: RAYDIUM_CPMM }],
  // raydium-io/raydium-cpi programs/launchpad-cpi: seed "vault_auth_seed".
  ['WLHv2UAZm6z4KyaaELi5pjdbJh6RESMva1Rnn8pJVVh', { name: 'Raydium LaunchLab vault authority', program: RAYDIUM_LAUNCHLAB }],
  // raydium-io/raydium-cpi programs/locking-cpi: seed "lock_cp_authority_seed".
  ['3f7GcQFG397GAaEnv51zR6tsTVihYRydnydDD1cXekxH', { name: 'Raydium LP lock authority', program: RAYDIUM_LP_LOCK }],
  // MeteoraAg/damm-v2 constants.rs: seed "pool_authority".
  ['HLnpSz9h2S4hiLQ43rnSD9XkcUThA7B8hQMKmDaiTLcC', { name: 'Meteora DAMM v2 pool authority', program: METEORA_DAMM_V2 }],
  // Anchor's event CPI (#[event_cpi]): seed "__event_authority".
  ['D1ZN9Wj1fRSUQfCjhvnu1hqDMT7hzjzBBpi12nVniYD6', { name: 'Meteora DLMM event authority', program: METEORA_DLMM }],
  // jup-ag/jupiter-cpi: find_jupiter_program_authority(id) = seeds ["authority", [id]], ids 0 to 7 (AUTHORITY_COUNT).
  ['GGztQqQ6pCPaJQnNpXBgELr5cs3WwDakRbh1iEMzjgSJ', { name: 'Jupiter v6 program authority 0', program: JUPITER_V6 }],
  ['2MFoS3MPtvyQ4Wh4M9pdfPjz6UhVoNbFbGJAskCPCj3h', { name: 'Jupiter v6 program authority 1', program: JUPITER_V6 }],
  ['BQ72nSv9f3PRyRKCBnHLVrerrv37CYTHm5h3s9VSGQDV', { name: 'Jupiter v6 program authority 2', program: JUPITER_V6 }],
  ['6U91aKa8pmMxkJwBCfPTmUEfZi6dHe7DcFq2ALvB2tbB', { name: 'Jupiter v6 program authority 3', program: JUPITER_V6 }],
  ['4xDsmeTWPNjgSVSS1VTfzFq3iHZhp77ffPkAmkZkdu71', { name: 'Jupiter v6 program authority 4', program: JUPITER_V6 }],
  ['CapuXNQoDviLvU1PxFiizLgPNQCxrsag1uMeyk6zLVps', { name: 'Jupiter v6 program authority 5', program: JUPITER_V6 }],
  ['9nnLbotNTcUhvbrsA6Mdkx45Sm82G35zo28AqUvjExn8', { name: 'Jupiter v6 program authority 6', program: JUPITER_V6 }],
  ['6LXutJvKUw8Q5ue2gCgKHQdAN4suWW8awzFVC6XCguFx', { name: 'Jupiter v6 program authority 7', program: JUPITER_V6 }],
  // Anchor's event CPI: seed "__event_authority".
  ['D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf', { name: 'Jupiter v6 event authority', program: JUPITER_V6 }],
  // pump-fun/pump-public-docs pump.json: `global` (seed "global"), `mint_authority` ("mint-authority"), the event authority.
  ['4wTV1YmiEkRvAtNtsSGPtUrqRYQMe5SKy2uB4Jjaxnjf', { name: 'Pump.fun global', program: PUMP_FUN }],
  ['TSLvdd1pWpHVjahSpsvCXUbgwsL3JAcvokwaKt1eokM', { name: 'Pump.fun mint authority', program: PUMP_FUN }],
  ['Ce6TQqeHC9p8KetsN6JsjHK7UTZk7nasjjnr7XxXp9F1', { name: 'Pump.fun event authority', program: PUMP_FUN }],
  // pump-fun/pump-public-docs pump_amm.json: `global_config` (seed "global_config"), the event authority.
  ['ADyA8hdefvWN2dbGGWFotbzWxrAvLW83WG6QCVXvJKqw', { name: 'PumpSwap global config', program: PUMP_SWAP }],
  ['GS4CU59F31iL7aR2Q8zVS8DRrcRnXX1yjQ66TqNVQnaR', { name: 'PumpSwap event authority', program: PUMP_SWAP }],
])

/** The known authority at `address` (base58), or undefined. */
export function getKnownAuthority(address: string): KnownAuthority | undefined {
  return KNOWN_AUTHORITIES.get(address)
}
