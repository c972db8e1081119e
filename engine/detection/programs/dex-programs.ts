/**
 * Swap, AMM, aggregator and trading-bot programs by id (base58), with their names and tags: the
 * transactions that invoke them are the ones the engine streams for priority fees (and, later,
 * the MEV vector). From solana-dex-parser @ 5b3f2ff4, src/constants/programId.ts (MIT, © 2025
 * Caspod; see LICENSE-dex-parser beside this file).
 */

export interface DexProgram {
  readonly programId: string
  readonly name: string
  readonly tags: readonly string[]
}

export const DEX_PROGRAMS: readonly DexProgram[] = [
  { programId: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', name: 'Jupiter', tags: ['route'] },
  { programId: 'JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB', name: 'JupiterV4', tags: ['route'] },
  { programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', name: 'JupiterDCA', tags: ['route'] },
  { programId: 'DCAKxn5PFNN1mBREPWGdk1RXg5aVH9rPErLfBFEi2Emb', name: 'JupiterDcaKeeper1', tags: ['route'] },
  { programId: 'DCAKuApAuZtVNYLk3KTAVW9GLWVvPbnb5CxxRRmVgcTr', name: 'JupiterDcaKeeper2', tags: ['route'] },
  { programId: 'DCAK36VfExkPdAkYUQg6ewgxyinvcEyPLyHjRbmveKFw', name: 'JupiterDcaKeeper3', tags: ['route'] },
  { programId: 'j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X', name: 'JupiterLimitV2', tags: ['route'] },
  { programId: 'VALaaymxQh2mNy2trH9jUqHT1mTow76wpTcGmSWSwJe', name: 'JupiterVA', tags: ['route'] },
  { programId: '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma', name: 'OKX', tags: ['route'] },
  { programId: 'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS', name: 'RaydiumRoute', tags: ['route'] },
  { programId: 'stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq', name: 'Sanctum', tags: ['route'] },
  { programId: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', name: 'RaydiumV4', tags: ['amm'] },
  { programId: 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C', name: 'RaydiumCPMM', tags: ['amm'] },
  { programId: 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', name: 'RaydiumCL', tags: ['amm'] },
  { programId: 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj', name: 'RaydiumLaunchpad', tags: ['amm'] },
  { programId: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', name: 'Orca', tags: ['amm'] },
  { programId: '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP', name: 'OrcaV2', tags: ['amm'] },
  { programId: 'DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1', name: 'OrcaV1', tags: ['amm'] },
  { programId: 'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY', name: 'Phoenix', tags: ['route', 'amm'] },
  { programId: 'opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb', name: 'Openbook', tags: ['amm'] },
  { programId: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', name: 'MeteoraDLMM', tags: ['amm'] },
  { programId: 'Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB', name: 'MeteoraPools', tags: ['amm'] },
  { programId: 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG', name: 'MeteoraDammV2', tags: ['amm'] },
  { programId: '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi', name: 'MeteoraVault', tags: ['vault'] },
  { programId: 'vo1tWgqZMjG61Z2T9qUaMYKqZ75CYzMuaZ2LZP1n7HV', name: 'StabbleVault', tags: ['vault'] },
  { programId: 'BANANAjs7FJiPQqJTGFzkZJndT9o7UmKiYYGaJz6frGu', name: 'BananaGun', tags: ['bot'] },
  { programId: 'minTcHYRLVPubRK8nt6sqe2ZpWrGDLQoNLipDJCGocY', name: 'Mintech', tags: ['bot'] },
  { programId: 'b1oomGGqPKGD6errbyfbVMBuzSC8WtAAYo8MwNafWW1', name: 'Bloom', tags: ['bot'] },
  { programId: 'MaestroAAe9ge5HTc64VbBQZ6fP77pwvrhM8i1XWSAx', name: 'Maestro', tags: ['bot'] },
  { programId: 'NoVA1TmDUqksaj2hB1nayFkPysjJbFiU76dT4qPw2wm', name: 'Nova', tags: ['bot'] },
  { programId: 'JSW99DKmxNyREQM14SQLDykeBvEUG63TeohrvmofEiw', name: 'Apepro', tags: ['bot'] },
  { programId: 'AMM55ShdkoGRB5jVYPjWziwk8m5MpwyDgsMWHaMSQWH6', name: 'Aldrin', tags: ['amm'] },
  { programId: 'CURVGoZn8zycx6FXwwevgBTB2gVvdbGTEpvMJDbgs2t4', name: 'Aldrin V2', tags: ['amm'] },
  { programId: 'CLMM9tUoggJu2wagPkkqs9eFG4BWhVBZWkP1qv3Sp7tR', name: 'Crema', tags: ['amm'] },
  { programId: 'GAMMA7meSFWaBXF25oSUgmGRwaW6sCMFLmBNiMSdbHVT', name: 'GooseFX GAMMA', tags: ['amm'] },
  { programId: 'EewxydAPCCVuNEyrVN68PuSYdQ7wKn27V9Gjeoi8dy3S', name: 'Lifinity', tags: ['amm'] },
  { programId: '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c', name: 'LifinityV2', tags: ['amm'] },
  { programId: 'MERLuDFBMmsHnsBPZw2sDQZHvXFMwp8EdjudcU2HKky', name: 'Mercurial', tags: ['amm'] },
  { programId: 'MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG', name: 'Moonshot', tags: ['amm'] },
  { programId: 'DEXYosS6oEGvk8uCDayvwEZz4qEyDJRf9nFgYCaqPMTm', name: '1Dex', tags: ['amm'] },
  { programId: '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', name: 'Pumpfun', tags: ['amm'] },
  { programId: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', name: 'Pumpswap', tags: ['amm'] },
  { programId: 'SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ', name: 'Saber', tags: ['amm'] },
  { programId: 'SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr', name: 'Saros', tags: ['amm'] },
  { programId: 'SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe', name: 'SolFi', tags: ['amm'] },
  { programId: 'swapNyd8XiQwJ6ianp9snpu4brUqFxadzvHebnAXjJZ', name: 'Stabble', tags: ['amm'] },
  { programId: 'swapFpHZwjELNnjvThjajtiVmkz3yPQEHjLtka2fwHW', name: 'StabbleWeight', tags: ['amm'] },
  { programId: 'boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4', name: 'Boopfun', tags: ['amm'] },
]
