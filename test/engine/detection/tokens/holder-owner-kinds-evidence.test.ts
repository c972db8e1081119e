import { createHash } from 'node:crypto'
import { address, getProgramDerivedAddress } from '@solana/kit'
import t from 'tap'
import {
  BURN_ADDRESSES,
  LOCKER_AUTHORITIES,
  POOL_AUTHORITIES,
  getHolderKind,
} from '../../../../engine/detection/tokens/holder-owner-kinds.js'

const seed = (text: string) => new TextEncoder().encode(text)
const anchorTag = (name: string) => new Uint8Array(createHash('sha256').update(`account:${name}`).digest().subarray(0, 8))
const WALLET = 'Ct76ND8eC3MZ6PPHNNvMmz7Q8K18sobGdz6t3gyC63Pf'
const ACCOUNT = '3xo8jkvjFup6ur21o7TvbYyWE7mijww2CZb2B9ZvFkb7'

t.test('each fixed authority is the PDA of its program and seed (no private key exists)', async (t) => {
  const derived = async (program: string, text: string) =>
    (await getProgramDerivedAddress({ programAddress: address(program), seeds: [seed(text)] }))[0]
  const expected: Array<[string, string, string]> = [
    ['raydium_amm_v4', '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', 'amm authority'],
    ['raydium_cpmm', 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C', 'vault_and_lp_mint_auth_seed'],
    ['raydium_launchlab', 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj', 'vault_auth_seed'],
    ['meteora_damm_v2', 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG', 'pool_authority'],
  ]
  for (const [name, program, text] of expected) {
    const authority = await derived(program, text)
    t.equal(POOL_AUTHORITIES.get(authority), name, `${name}: PDA(["${text}"])`)
  }
  t.equal(POOL_AUTHORITIES.size, expected.length)
  const locker = await derived('LockrWmn6K5twhz3y9w1dQERbmgSaRkfnTeTKbpofwE', 'lock_cp_authority_seed')
  t.equal(LOCKER_AUTHORITIES.get(locker), 'raydium_lp_locker')
})

t.test('owner accounts: the right program and discriminator make a pool or a locker, either alone does not', async (t) => {
  const cases: Array<[string, string, string, 'pool' | 'locker']> = [
    ['whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', 'Whirlpool', 'orca_whirlpool', 'pool'],
    ['pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', 'Pool', 'pumpswap', 'pool'],
    ['CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', 'PoolState', 'raydium_clmm', 'pool'],
    ['LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', 'LbPair', 'meteora_dlmm', 'pool'],
    ['6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', 'BondingCurve', 'pumpfun_bonding_curve', 'pool'],
    ['LocpQgucEQHbqNABEYvBvwoxCPsSbG91A1QaQhQQqjn', 'VestingEscrow', 'jupiter_lock', 'locker'],
  ]
  for (const [program, account, name, kind] of cases) {
    t.same(getHolderKind({ account: ACCOUNT, owner: WALLET, ownerProgram: program, ownerTag: anchorTag(account) }), { kind, name }, name)
    t.same(
      getHolderKind({ account: ACCOUNT, owner: WALLET, ownerProgram: program, ownerTag: new Uint8Array(8) }),
      { kind: 'holder', name: null },
      `${name}: zero data is no ${kind}`,
    )
    t.same(
      getHolderKind({ account: ACCOUNT, owner: WALLET, ownerProgram: '11111111111111111111111111111111', ownerTag: anchorTag(account) }),
      { kind: 'holder', name: null },
      `${name}: another program's account is no ${kind}`,
    )
  }
  t.same(getHolderKind({ account: ACCOUNT, owner: WALLET, ownerProgram: null, ownerTag: null }), { kind: 'holder', name: null })
  t.same(
    getHolderKind({ account: ACCOUNT, owner: WALLET, ownerProgram: null, ownerTag: null }, new Set([ACCOUNT])),
    { kind: 'pool', name: null },
    'a vault the pool index named',
  )
  for (const burn of BURN_ADDRESSES)
    t.equal(getHolderKind({ account: ACCOUNT, owner: burn, ownerProgram: null, ownerTag: null }).kind, 'burn', burn)
})
