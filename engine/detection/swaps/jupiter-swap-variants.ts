/**
 * The variants of Jupiter v6's `Swap` enum, in Borsh index order, with the size of each
 * variant's fields: what a route-plan step needs to be skipped. From the Anchor IDL
 * (jup-ag/jupiter-amm-implementation @ 60e6efe5, jupiter/idl.json; test/engine/detection/swaps checks this
 * table against test/fixtures/idl/jupiter_v6_idl.json). Fields: bool 1, Side (a unit enum) 1,
 * u32 4, u64 8. Newer Jupiter builds append variants (RaydiumCP, WhirlpoolSwapV2, PumpSwapBuy, …,
 * some with variable-size fields); an index past this table stops the hop decode.
 */

export interface JupiterSwapVariant {
  readonly name: string
  readonly fieldBytes: number
}

export const JUPITER_SWAP_VARIANTS: readonly JupiterSwapVariant[] = [
  { name: 'Saber', fieldBytes: 0 },
  { name: 'SaberAddDecimalsDeposit', fieldBytes: 0 },
  { name: 'SaberAddDecimalsWithdraw', fieldBytes: 0 },
  { name: 'TokenSwap', fieldBytes: 0 },
  { name: 'Sencha', fieldBytes: 0 },
  { name: 'Step', fieldBytes: 0 },
  { name: 'Cropper', fieldBytes: 0 },
  { name: 'Raydium', fieldBytes: 0 },
  { name: 'Crema', fieldBytes: 1 }, // aToB: bool
  { name: 'Lifinity', fieldBytes: 0 },
  { name: 'Mercurial', fieldBytes: 0 },
  { name: 'Cykura', fieldBytes: 0 },
  { name: 'Serum', fieldBytes: 1 }, // side: Side
  { name: 'MarinadeDeposit', fieldBytes: 0 },
  { name: 'MarinadeUnstake', fieldBytes: 0 },
  { name: 'Aldrin', fieldBytes: 1 }, // side: Side
  { name: 'AldrinV2', fieldBytes: 1 }, // side: Side
  { name: 'Whirlpool', fieldBytes: 1 }, // aToB: bool
  { name: 'Invariant', fieldBytes: 1 }, // xToY: bool
  { name: 'Meteora', fieldBytes: 0 },
  { name: 'GooseFX', fieldBytes: 0 },
  { name: 'DeltaFi', fieldBytes: 1 }, // stable: bool
  { name: 'Balansol', fieldBytes: 0 },
  { name: 'MarcoPolo', fieldBytes: 1 }, // xToY: bool
  { name: 'Dradex', fieldBytes: 1 }, // side: Side
  { name: 'LifinityV2', fieldBytes: 0 },
  { name: 'RaydiumClmm', fieldBytes: 0 },
  { name: 'Openbook', fieldBytes: 1 }, // side: Side
  { name: 'Phoenix', fieldBytes: 1 }, // side: Side
  { name: 'Symmetry', fieldBytes: 16 }, // fromTokenId: u64, toTokenId: u64
  { name: 'TokenSwapV2', fieldBytes: 0 },
  { name: 'HeliumTreasuryManagementRedeemV0', fieldBytes: 0 },
  { name: 'StakeDexStakeWrappedSol', fieldBytes: 0 },
  { name: 'StakeDexSwapViaStake', fieldBytes: 4 }, // bridgeStakeSeed: u32
  { name: 'GooseFXV2', fieldBytes: 0 },
  { name: 'Perps', fieldBytes: 0 },
  { name: 'PerpsAddLiquidity', fieldBytes: 0 },
  { name: 'PerpsRemoveLiquidity', fieldBytes: 0 },
  { name: 'MeteoraDlmm', fieldBytes: 0 },
  { name: 'OpenBookV2', fieldBytes: 1 }, // side: Side
  { name: 'RaydiumClmmV2', fieldBytes: 0 },
]
