/** Loads a gRPC contract from proto/ with the options its generated types were made with. */
import { loadPackageDefinition } from '@grpc/grpc-js'
import { loadSync, type PackageDefinition } from '@grpc/proto-loader'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROTO_LOADER_OPTIONS } from '../../proto/proto-options.js'
import type { ProtoGrpcType as AccountsProto } from '../../proto/gen/accounts.js'
import type { ProtoGrpcType as EngineProto } from '../../proto/gen/engine.js'

const protoDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'proto')

/** The engine contract as proto-loader reads it: every message and service by full name. */
export function loadEngineProtoDefinition(): PackageDefinition {
  return loadSync(join(protoDir, 'engine.proto'), PROTO_LOADER_OPTIONS)
}

/** The engine contract's package (service constructors and definitions). */
export function loadEngineProto(): EngineProto {
  return loadPackageDefinition(loadEngineProtoDefinition()) as unknown as EngineProto
}

/** The accounts contract's package (service constructors and definitions): the user service's, whose proto names stay `accounts`. */
export function loadAccountsProto(): AccountsProto {
  const definition = loadSync(join(protoDir, 'accounts.proto'), PROTO_LOADER_OPTIONS)
  return loadPackageDefinition(definition) as unknown as AccountsProto
}
