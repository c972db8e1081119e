/** The shape of an RPC method handler: params in, JSON-ready result out (bigints allowed). */
export type RpcMethod = (params: readonly unknown[]) => unknown

export type RpcMethods = Readonly<Record<string, RpcMethod>>
