/** The compute-unit limit the engine suggests for a transaction that used `computeUnits`. */

/** Compute units plus a 10 % margin, rounded up to a thousand, within the runtime's 1.4M cap. */
export function getSuggestedComputeLimit(computeUnits: number): number {
  return Math.min(1_400_000, Math.max(1_000, Math.ceil((computeUnits * 1.1) / 1_000) * 1_000))
}
