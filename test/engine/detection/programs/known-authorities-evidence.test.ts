/**
 * Every known program authority (engine/detection/programs/known-authorities.ts) is the PDA of its program and
 * seeds: derived here, so no entry rests on an address copied from somewhere. Each program is one
 * the engine already lists (engine/detection/programs/dex-programs.ts), or Raydium's LP locker.
 */
import t from 'tap'
import { address, getProgramDerivedAddress, isOffCurveAddress } from '@solana/kit'
import { DEX_PROGRAMS } from '../../../../engine/detection/programs/dex-programs.js'
import { getKnownAuthority, KNOWN_AUTHORITIES } from '../../../../engine/detection/programs/known-authorities.js'

const seed = (text: string) => new TextEncoder().encode(text)
const RAYDIUM_LP_LOCK = 'LockrWmn6K5twhz3y9w1dQERbmgSaRkfnTeTKbpofwE'

t.test('each entry is the PDA of its program and seeds', async (t) => {
  const expected: Array<[name: string, program: string, seeds: Uint8Array[]]> = [
    ['Raydium AMM v4 authority', '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', [seed('amm authority')]],
    ['Raydium CPMM authority', 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C', [seed('vault_and_lp_mint_auth_seed')]],
    ['Raydium LaunchLab vault authority', 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj', [seed('vault_auth_seed')]],
    ['Raydium LP lock authority', RAYDIUM_LP_LOCK, [seed('lock_cp_authority_seed')]],
    ['Meteora DAMM v2 pool authority', 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG', [seed('pool_authority')]],
    ['Meteora DLMM event authority', 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', [seed('__event_authority')]],
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((id): [string, string, Uint8Array[]] => [
      `Jupiter v6 program authority ${id}`,
      'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
      [seed('authority'), new Uint8Array([id])],
    ]),
    ['Jupiter v6 event authority', 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', [seed('__event_authority')]],
    ['Pump.fun global', '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', [seed('global')]],
    ['Pump.fun mint authority', '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', [seed('mint-authority')]],
    ['Pump.fun event authority', '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', [seed('__event_authority')]],
    ['PumpSwap global config', 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', [seed('global_config')]],
    ['PumpSwap event authority', 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', [seed('__event_authority')]],
  ]
  for (const [name, program, seeds] of expected) {
    const [pda] = await getProgramDerivedAddress({ programAddress: address(program), seeds })
    t.same(getKnownAuthority(pda), { name, program }, name)
  }
  t.equal(KNOWN_AUTHORITIES.size, expected.length, 'no entry without its derivation here')
})

t.test('every authority is off the curve and belongs to a program the engine knows', async (t) => {
  const programs = new Set([...DEX_PROGRAMS.map((program) => program.programId), RAYDIUM_LP_LOCK])
  for (const [authority, { name, program }] of KNOWN_AUTHORITIES) {
    t.ok(isOffCurveAddress(address(authority)), `${name}: off the curve`)
    t.ok(programs.has(program), `${name}: ${program} is a known program`)
  }
  t.equal(getKnownAuthority('11111111111111111111111111111111'), undefined)
})
