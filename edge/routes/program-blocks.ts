/**
 * The caller's program blocks (issue 6, program vector): a simulate whose transaction invokes one of
 * these programs is reported like a blacklisted program. Either credential; each user sees and
 * changes only their own list. The schema bounds the body; the user service checks each id
 * decodes to exactly 32 bytes, which 32–44 characters alone do not promise.
 */
import type { FastifyInstance } from 'fastify'
import { MAX_PROGRAM_BLOCKS } from '../../accounts/contract/program-blocks.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { deleteProgramBlockResponses, getProgramBlocksResponses, putProgramBlocksResponses } from '../schemas/program-blocks.js'

export const PROGRAM_BLOCKS_PATH = '/api/v1/solana/program-blocks'

export const putProgramBlocksBodySchema = {
  type: 'object',
  required: ['program_ids'],
  additionalProperties: false,
  properties: {
    /** A base58 address is 32 (all zeroes) to 44 characters. */
    program_ids: { type: 'array', maxItems: MAX_PROGRAM_BLOCKS, items: { type: 'string', minLength: 32, maxLength: 44 } },
  },
} as const

/**
 * Any id not on the caller's list is 404, a malformed one included (as API-key ids are); fastify's
 * router answers an overlong one (maxParamLength) with not_found before this schema sees it.
 */
const programIdParamsSchema = {
  type: 'object',
  required: ['program_id'],
  properties: { program_id: { type: 'string' } },
} as const

/** Registers the program-block routes. */
export function registerProgramBlockRoutes(app: FastifyInstance, { userService, auth }: EdgeContext): void {
  const either = { onRequest: auth.either, config: { auth: 'either' } } as const
  app.get(
    PROGRAM_BLOCKS_PATH,
    {
      ...either,
      schema: {
        summary: 'Your program blocks',
        description: 'The programs you refuse: a transaction invoking one is blocked for you, beside the curated blacklist.',
        response: getProgramBlocksResponses,
      },
    },
    async (request) => ({
      program_ids: await userService.getProgramBlocks(getPrincipal(request).userId),
    }),
  )
  app.put<{ Body: { program_ids: string[] } }>(
    PROGRAM_BLOCKS_PATH,
    {
      ...either,
      schema: {
        summary: 'Replace your program blocks',
        description: 'Replaces your list of refused programs (at most 1,000 addresses); engines apply the change within a second.',
        body: putProgramBlocksBodySchema,
        response: putProgramBlocksResponses,
      },
    },
    async (request) => ({ program_ids: await userService.setProgramBlocks(getPrincipal(request).userId, request.body.program_ids) }),
  )
  app.delete<{ Params: { program_id: string } }>(
    `${PROGRAM_BLOCKS_PATH}/:program_id`,
    {
      ...either,
      schema: {
        summary: 'Remove one program block',
        description: 'Removes one program from your list; 404 when it is not on it.',
        params: programIdParamsSchema,
        response: deleteProgramBlockResponses,
      },
    },
    async (request) => ({
      program_ids: await userService.removeProgramBlock(getPrincipal(request).userId, request.params.program_id),
    }),
  )
}
