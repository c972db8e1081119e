/**
 * The ways of landing a transaction `POST /api/v1/solana/tx/submit` may name (its body schema
 * takes this list); each is a SubmitStrategy in engine/landing/submit/ (docs/extending.md#a-submit-strategy).
 */
export const SUBMIT_STRATEGY_NAMES = ['direct', 'auto_direct', 'staked_sender', 'managed_tip_bundle'] as const

export type SubmitStrategyName = (typeof SUBMIT_STRATEGY_NAMES)[number]
