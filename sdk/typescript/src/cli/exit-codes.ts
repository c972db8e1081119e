/**
 * The command line's exit codes, for CI pipelines that gate on a verdict: 0 approve (or the
 * command succeeded), 1 warn (or a sent transaction failed or expired on chain), 2 block (or an
 * execute the policy blocked or whose simulation failed), 3 the service or the network refused
 * the call, 4 wrong usage.
 */
export const EXIT = { ok: 0, warn: 1, block: 2, serviceError: 3, usage: 4 } as const

/** The exit code of a verdict. */
export function getDecisionExitCode(decision: 'approve' | 'warn' | 'block'): number {
  return decision === 'approve' ? EXIT.ok : decision === 'warn' ? EXIT.warn : EXIT.block
}

/** The exit code of a sent transaction's confirmation: 1 when it landed with an error or expired. */
export function getConfirmationExitCode(confirmation: string | null): number {
  return confirmation === 'failed' || confirmation === 'expired' ? EXIT.warn : EXIT.ok
}
