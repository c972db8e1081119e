/** A load run that cannot give honest figures (a mix entry or a path answers wrong): abort, say why. */
export class LoadBenchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LoadBenchError'
  }
}
