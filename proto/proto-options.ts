/**
 * One set of proto-loader options, used both to load the .proto files at run time and to generate
 * the TypeScript types in proto/gen/, so the two always agree.
 */
export const PROTO_LOADER_OPTIONS = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
} as const

/** The same options as proto-loader-gen-types flags. */
export const PROTO_GEN_FLAGS = ['--keepCase', '--longs=Number', '--enums=String', '--defaults', '--oneofs', '--grpcLib=@grpc/grpc-js']

/** The contracts generated into proto/gen/. */
export const PROTO_FILES = ['accounts.proto', 'engine.proto']
