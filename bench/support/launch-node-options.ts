/**
 * The Node options every process of ours is launched with: package.json's start scripts set them
 * (`NODE_OPTIONS="--v8-pool-size=1 ${NODE_OPTIONS:-}" exec node …`) and so does deploy/Dockerfile's
 * ENV. A benchmark launches what it measures the same way, so it measures what a user runs.
 *
 * `--v8-pool-size=1`: one V8 platform thread for the GC's parallel and concurrent work of every
 * isolate in the process (the serving thread, the simulate workers, the embedded database's),
 * instead of four. On two cores those threads only wait for each other (bench/README.md, "V8's
 * helper threads"); docs/operations.md says when to give a larger machine more.
 */
export const LAUNCH_NODE_OPTIONS = '--v8-pool-size=1'

/** `env` with NODE_OPTIONS as a start script sets it: ours first, then the caller's own (the last of an option wins). */
export function withLaunchNodeOptions<T extends Record<string, string | undefined>>(env: T): T & { NODE_OPTIONS: string } {
  const own = env.NODE_OPTIONS?.trim()
  return { ...env, NODE_OPTIONS: own ? `${LAUNCH_NODE_OPTIONS} ${own}` : LAUNCH_NODE_OPTIONS }
}
