/** The programs a tenant blocks (docs/api.md#program-blocks). */
import { Type, type Static } from '@sinclair/typebox'

/** The most programs one tenant may block. */
export const MAX_PROGRAM_BLOCKS = 1_000

/** The caller's list after the call, sorted. */
export const programBlocksSchema = Type.Object(
  { program_ids: Type.Array(Type.String(), { description: 'Base58 program ids, sorted.' }) },
  { $id: 'ProgramBlocks', additionalProperties: false },
)
export type ProgramBlocks = Static<typeof programBlocksSchema>
