/** Solana's compact-u16 ("short vec") length prefix: 7 bits a byte, the high bit saying more follows. */

/** Appends `value`'s compact-u16 bytes to `out`. */
export function pushShortU16(out: number[], value: number): void {
  let rest = value
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(byte)
      return
    }
    out.push(byte | 0x80)
  }
}
