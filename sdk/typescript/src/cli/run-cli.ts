/** The command line, as a function of its arguments and I/O: what main.ts runs and tests call. */
import { UsageError } from './usage-error.js'
import { PreflightClient } from '../client.js'
import { isPreflightError } from '../errors.js'
import { runApprovals, runKeys, runLogin, runTips } from './account-commands.js'
import { runHistory, runStats } from './insight-commands.js'
import type { CliIo } from './cli-io.js'
import { EXIT } from './exit-codes.js'
import { HELP_TEXT } from './help-text.js'
import { createPaint } from './paint.js'
import { parseCommandLine, type CommandLine } from './parse-command-line.js'
import { runExecute, runSend, runSimulate, runSubmit, type CommandContext } from './transaction-commands.js'

const COMMANDS: Record<string, (context: CommandContext) => Promise<number>> = {
  simulate: runSimulate,
  execute: runExecute,
  send: runSend,
  submit: runSubmit,
  tips: runTips,
  approvals: runApprovals,
  login: runLogin,
  keys: runKeys,
  history: runHistory,
  stats: runStats,
}

/** Runs one command; resolves with the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let line: CommandLine
  try {
    line = parseCommandLine(argv)
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${HELP_TEXT}`)
    return EXIT.usage
  }
  if (line.options.help || line.command === undefined || line.command === 'help') {
    io.stdout.write(HELP_TEXT)
    return line.command === undefined && !line.options.help ? EXIT.usage : EXIT.ok
  }
  const command = COMMANDS[line.command]
  if (!command) {
    io.stderr.write(`unknown command ${line.command}\n\n${HELP_TEXT}`)
    return EXIT.usage
  }
  const client = new PreflightClient({
    baseUrl: line.options['base-url'] ?? io.env.PREFLIGHT_BASE_URL ?? 'http://127.0.0.1:8080',
    apiKey: line.options['api-key'] ?? io.env.PREFLIGHT_API_KEY,
    token: line.options.token ?? io.env.PREFLIGHT_TOKEN,
    refreshToken: io.env.PREFLIGHT_REFRESH_TOKEN,
  })
  try {
    return await command({ client, io, line, paint: createPaint(io.stdout.isTTY, io.env) })
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`)
      return EXIT.usage
    }
    if (isPreflightError(error)) {
      if (line.options.json)
        io.stdout.write(
          JSON.stringify(
            {
              error: {
                code: error.code,
                message: error.message,
                status: error.status,
                request_id: error.requestId,
                retry_after: error.retryAfter,
                ...error.details,
              },
            },
            null,
            2,
          ) + '\n',
        )
      io.stderr.write(
        `error ${error.code}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}${error.requestId ? ` [request ${error.requestId}]` : ''}\n`,
      )
      return EXIT.serviceError
    }
    io.stderr.write(`${String(error)}\n`)
    return EXIT.serviceError
  }
}
