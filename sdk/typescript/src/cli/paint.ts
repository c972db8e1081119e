/** ANSI colours, only when writing to a terminal and NO_COLOR is unset (https://no-color.org). */
export type Paint = (style: 'green' | 'yellow' | 'red' | 'bold' | 'dim', text: string) => string

const CODES = { green: 32, yellow: 33, red: 31, bold: 1, dim: 2 } as const

export function createPaint(isTTY: boolean | undefined, env: Record<string, string | undefined>): Paint {
  const enabled = isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb'
  return (style, text) => (enabled ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text)
}
