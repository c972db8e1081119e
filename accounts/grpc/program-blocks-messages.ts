/**
 * Conversions between the program-blocks part of the UserService interface and its gRPC messages
 * (proto/accounts.proto), used by the server and the client alike so the two agree.
 */
import type {
  ProgramBlocks as ProgramBlocksMessage,
  ProgramBlocks__Output as ProgramBlocksOutput,
} from '../../proto/gen/preflight/accounts/v1/ProgramBlocks.js'

/** The message of a user's whole list. */
export function toProgramBlocksMessage(programIds: readonly string[]): ProgramBlocksMessage {
  return { program_ids: [...programIds] }
}

/** The list a message carries. */
export function fromProgramBlocksMessage(message: ProgramBlocksOutput): string[] {
  return message.program_ids
}
