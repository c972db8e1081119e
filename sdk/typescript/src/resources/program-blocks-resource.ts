/** Your own list of programs to refuse (docs/api.md#program-blocks). */
import type { ProgramBlocks } from '../api-types.js'
import type { HttpClient, RequestOptions } from '../http/http-client.js'

export interface ProgramBlocksResource {
  list(options?: RequestOptions): Promise<string[]>
  /** Replaces the whole list; [] clears it. */
  set(programIds: string[], options?: RequestOptions): Promise<string[]>
  remove(programId: string, options?: RequestOptions): Promise<string[]>
}

export function createProgramBlocksResource(http: HttpClient): ProgramBlocksResource {
  const path = '/api/v1/solana/program-blocks'
  return {
    list: async (options) =>
      (await http.request<ProgramBlocks>({ method: 'GET', path, auth: 'either', idempotent: true, ...options })).program_ids,
    set: async (programIds, options) =>
      (
        await http.request<ProgramBlocks>({
          method: 'PUT',
          path,
          auth: 'either',
          idempotent: true,
          body: { program_ids: programIds },
          ...options,
        })
      ).program_ids,
    remove: async (programId, options) =>
      (
        await http.request<ProgramBlocks>({
          method: 'DELETE',
          path: `${path}/${encodeURIComponent(programId)}`,
          auth: 'either',
          idempotent: false,
          ...options,
        })
      ).program_ids,
  }
}
