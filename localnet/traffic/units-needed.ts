/**
 * The compute units a SOL and a token transfer take on this chain, from one simulation each (as
 * clients simulate, then pad the limit). Measured rather than hard-coded because the token
 * program differs: LiteSVM ships p-token (~105 CU a TransferChecked), classic SPL Token takes ~6,000.
 */
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { UNITS_NEEDED, type TrafficPlan, type UnitsNeeded } from './traffic-plan.js'
import { buildPlanTransaction, type RecentBlockhash } from './traffic-transactions.js'
import type { TrafficWallet } from './traffic-wallet.js'

/** What SetComputeUnitLimit + SetComputeUnitPrice add on top of the transfer. */
const COMPUTE_BUDGET_UNITS = 300

/** Simulates one transfer of each asset between the first two wallets; falls back to UNITS_NEEDED. */
export async function getUnitsNeeded(
  rpc: Rpc<SolanaRpcApi>,
  wallets: readonly TrafficWallet[],
  lifetime: RecentBlockhash,
  abortSignal: AbortSignal,
): Promise<UnitsNeeded> {
  const measure = async (asset: 'sol' | 'token'): Promise<number> => {
    const plan: TrafficPlan = {
      kind: asset === 'sol' ? 'sol-transfer' : 'token-transfer',
      asset,
      from: 0,
      to: 1,
      amount: 1_000n,
      budget: { tier: 'none', computeUnitLimit: null, priceMicroLamports: 0n },
      skipPreflight: false,
    }
    const { wire } = await buildPlanTransaction(plan, wallets, lifetime)
    const { value } = await rpc.simulateTransaction(wire, { encoding: 'base64' }).send({ abortSignal })
    if (value.err || value.unitsConsumed === undefined) return UNITS_NEEDED[asset]
    return Number(value.unitsConsumed) + COMPUTE_BUDGET_UNITS
  }
  const [sol, token] = await Promise.all([measure('sol'), measure('token')])
  return { sol, token }
}
