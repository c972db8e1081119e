/**
 * DEX, AMM, aggregator and trading-bot programs by base58 id → display name: the dex-parser
 * registry (dex-programs.ts) plus the venues a sandwich detector watches that it lacks
 * (FixedLocally/sandwich-finder @ 89e85f09, src/events/addresses.rs, no licence stated; names
 * spelled out from its constant names). What `risk.dex_programs` reports, for top-level
 * instructions and CPIs alike.
 */
import { DEX_PROGRAMS } from './dex-programs.js'

const SANDWICH_FINDER_EXTRA: ReadonlyArray<readonly [string, string]> = [
  ['dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN', 'MeteoraDBC'],
  ['ZERor4xhbUycZ6gb9ntrhqscUcZmAbQDjEAtCf4hbZY', 'ZeroFi'],
  ['61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH', 'JupiterOrderEngine'],
  ['HpNfyc2Saw7RKkQd8nEL4khUcuPhQ7WwY1B2qjx8jxFq', 'PancakeSwap'],
  ['FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X', 'FluxBeam'],
  ['9H6tua7jkLhdm3w8BvgpTn5LZNU7g4ZynDmCiNN3q6Rp', 'HumidiFi'],
  ['1qbkdrr3z4ryLA7pZykqxvxWPoeifcVKo6ZG9CfkvVE', 'SarosDLMM'],
  ['goonERTdGsjnkZqWuVjs73BZ3Pb9qoCUdBUL17BnS5j', 'GoonFi'],
  ['deus4Bvftd5QKcEkE5muQaWGWDoma8GrySvPFrBPjhS', 'Sugar'],
  ['TessVdML9pBGgG9yGks7o4HewRaXVAMuoVj4x83GLQH', 'TesseraV'],
  ['SV2EYYJyRz2YhfXwXnhNAevDEui5Q6yrfyo13WtupPF', 'SV2E'],
  ['5FyWAoG8V6hxgY6XM9hZStNxSW4D6mkv8HmYrxuPPDhv', 'Apesu'],
  ['AQU1FRd7papthgdrwPTTq5JacJh8YtwEXaBfKU3bTz45', 'Aqua'],
  ['PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu', 'JupiterPerps'],
  ['Dooar9JkhdZ7J3LHN3A7YCuoGRUggXhQaG4kijfLGU2j', 'Dooar'],
  ['PdMDrKEMaX8q7CCJb7NvUCxerBCcsFUa4LjBEynTtEd', 'PumpUp'],
  ['C1ear1po7kcLBZiiArGMXPhGnjRZ8KxkqQ8EEskzHWmc', 'Clearpool'],
  ['fUSioN9YKKSa3CUC2YUc4tPkHJ5Y6XW1yz8y6F7qWz9', 'FusionAMM'],
  ['ALPHAQmeA7bjrVuccPsYPiCvsi428SNwte66Srvs4pHA', 'Alpha'],
  ['LiMoM9rMhrdYrfzUCxQppvxCSG1FcrUK9G8uLq4A1GF', 'Limo'],
  ['DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH', 'DFlow'],
]

/** Name of every known DEX-related program, by base58 id. */
export const DEX_PROGRAM_NAMES: ReadonlyMap<string, string> = new Map([
  ...DEX_PROGRAMS.map((program) => [program.programId, program.name] as const),
  ...SANDWICH_FINDER_EXTRA,
])

/** AMM programs (pools, not routers): counting their invocations counts a swap's hops. */
export const AMM_PROGRAM_IDS: ReadonlySet<string> = new Set([
  ...DEX_PROGRAMS.filter((program) => program.tags.includes('amm')).map((program) => program.programId),
  ...SANDWICH_FINDER_EXTRA.map(([id]) => id).filter(
    (id) =>
      ![
        '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH',
        'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu',
        'DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH',
      ].includes(id),
  ),
])
