/**
 * Per-tenant program blocks (the ProgramBlocksService of contract/user-service.ts): the lists' rules, their
 * store, and the `program_blocks` invalidation every committed write announces, so the engines'
 * caches (engine/detection/programs/tenant-program-blocks.ts) take the change at once instead of at their
 * TTL.
 */
import { createServiceError } from '../../lib/errors.js'
import type { AuthInvalidation, ProgramBlocksService } from '../contract/index.js'
import type { Database } from '../db/database.js'
import { isProgramId, toProgramBlockIds } from './program-block-ids.js'
import { createProgramBlockStore, NOT_ON_LIST_MESSAGE } from './program-block-store.js'

export interface ProgramBlocksServiceOptions {
  /** Migrated beforehand. */
  db: Database
  /** Epoch ms: the created_at of new rows. */
  now: () => number
  /** Called once a write is committed; it must not throw. */
  onInvalidate?: (event: AuthInvalidation) => void
}

/** The program-blocks part of the user service on `db`. */
export function createProgramBlocksService({ db, now, onInvalidate }: ProgramBlocksServiceOptions): ProgramBlocksService {
  const store = createProgramBlockStore({ db, now })
  return {
    getProgramBlocks: (userId) => store.list(userId),

    async setProgramBlocks(userId, programIds) {
      const list = await store.replace(userId, toProgramBlockIds(programIds))
      onInvalidate?.({ kind: 'program_blocks', userId })
      return list
    },

    async removeProgramBlock(userId, programId) {
      // Anything that is not an address cannot be on the list: the same 404 as an absent one.
      if (!isProgramId(programId)) throw createServiceError('not_found', NOT_ON_LIST_MESSAGE)
      const list = await store.remove(userId, programId)
      onInvalidate?.({ kind: 'program_blocks', userId })
      return list
    },
  }
}
