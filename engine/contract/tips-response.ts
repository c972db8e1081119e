/**
 * `GET /api/v1/solana/tips` (docs/relay.md#tips): what landed bundles tipped, from the transfers to
 * the relay's tip accounts the geyser stream carried over the last 150 slots, as percentiles (like
 * the priority fees), and the floor the bundle lint holds a tip to.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../../lib/json-schema.js'

const lamports = (description: string) => Nullable(Type.Integer({ minimum: 0 }), { description })

export const tipFloorSchema = Type.Object(
  {
    slots: Type.Integer({ minimum: 1, description: 'The window: the last slots the tips were seen in.' }),
    sample_count: Type.Integer({ minimum: 0, description: 'Transactions that paid a tip in the window.' }),
    p25: lamports('Lamports; null without samples.'),
    p50: lamports('Lamports; null without samples.'),
    p75: lamports('Lamports; null without samples (the default managed tip).'),
    p95: lamports('Lamports; null without samples.'),
    p99: lamports('Lamports; null without samples.'),
    floor_lamports: Type.Integer({
      minimum: 0,
      description: "The least tip the lint accepts: p25, and never under the relay's 1,000-lamport minimum.",
    }),
    tip_accounts: Type.Array(Type.String(), { description: "The relay's tip accounts (getTipAccounts); [] when no relay is configured." }),
  },
  { $id: 'TipFloor', additionalProperties: false },
)
export type TipFloor = Static<typeof tipFloorSchema>

/** Jito's minimum tip: a bundle tipping less is never auctioned. */
export const MIN_TIP_LAMPORTS = 1_000
