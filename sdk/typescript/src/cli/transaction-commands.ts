/** simulate, execute, send and submit: read the transaction, call, print, and the exit code. */
import { UsageError } from './usage-error.js'
import type { Policy, SimulateOptions, SubmitOptions } from '../api-types.js'
import type { PreflightClient } from '../client.js'
import { printJson, type CliIo } from './cli-io.js'
import { EXIT, getConfirmationExitCode, getDecisionExitCode } from './exit-codes.js'
import { formatSimulation } from './format-simulation.js'
import type { Paint } from './paint.js'
import { getIntegerOption, getPolicyOption, type CommandLine } from './parse-command-line.js'
import { readTransactionArgument } from './read-transaction.js'

export interface CommandContext {
  client: PreflightClient
  io: CliIo
  paint: Paint
  line: CommandLine
}

async function readTransaction({ line, io }: CommandContext): Promise<string> {
  const argument = line.positionals[0]
  if (argument === undefined) throw new UsageError(`${line.command} needs a transaction: base64, @file or -`)
  return readTransactionArgument(argument, io.readStdin)
}

export async function runSimulate(context: CommandContext): Promise<number> {
  const { client, io, paint, line } = context
  const transaction = await readTransaction(context)
  const options: SimulateOptions = {}
  const policy = getPolicyOption(line.options)
  if (policy !== undefined) options.policy = policy as Policy
  if (line.options.vectors) options.vectors = line.options.vectors.split(',').map((vector) => vector.trim()) as SimulateOptions['vectors']
  const timeoutMs = getIntegerOption(line.options, 'timeout-ms')
  if (timeoutMs !== undefined) options.timeout_ms = timeoutMs
  if (line.options['replace-blockhash']) options.replace_recent_blockhash = true
  const result = await client.simulate(transaction, options)
  if (line.options.json) printJson(io, result)
  else io.stdout.write(formatSimulation(result, paint))
  return getDecisionExitCode(result.decision)
}

export async function runExecute(context: CommandContext): Promise<number> {
  const { client, io, paint, line } = context
  const transaction = await readTransaction(context)
  const result = await client.execute(transaction, getPolicyOption(line.options) as Policy | undefined, {
    wait_confirmation: line.options.wait === true,
  })
  if (line.options.json) printJson(io, result)
  else {
    const style = result.action === 'submitted' ? 'green' : 'red'
    io.stdout.write(`${paint(style, paint('bold', result.action.toUpperCase()))}  ${result.reason}\n`)
    for (const reason of result.decision_reasons) io.stdout.write(`  ${paint('dim', reason.rule)}: ${reason.message}\n`)
    if (result.signature) io.stdout.write(`signature ${result.signature}  route ${result.route}  confirmation ${result.confirmation}\n`)
  }
  return result.action === 'submitted' ? getConfirmationExitCode(result.confirmation) : EXIT.block
}

export async function runSend(context: CommandContext): Promise<number> {
  const { client, io, line } = context
  const transaction = await readTransaction(context)
  const maxRetries = getIntegerOption(line.options, 'max-retries')
  const result = await client.send(transaction, {
    wait_confirmation: line.options.wait === true,
    ...(line.options['use-relay'] ? { use_relay: true } : {}),
    ...(maxRetries === undefined ? {} : { max_retries: maxRetries }),
  })
  if (line.options.json) printJson(io, result)
  else
    io.stdout.write(
      `signature ${result.signature}  route ${result.route}  confirmation ${result.confirmation}  attempts ${result.attempts}\n`,
    )
  return getConfirmationExitCode(result.confirmation)
}

export async function runSubmit(context: CommandContext): Promise<number> {
  const { client, io, line } = context
  const transaction = await readTransaction(context)
  const strategy = line.options.strategy
  if (!strategy) throw new UsageError('submit needs --strategy: direct, auto_direct, staked_sender or managed_tip_bundle')
  const tipLamports = getIntegerOption(line.options, 'tip-lamports')
  const deadlineMs = getIntegerOption(line.options, 'deadline-ms')
  const options: SubmitOptions = {
    strategy: strategy as SubmitOptions['strategy'],
    wait_confirmation: line.options.wait === true,
    ...(tipLamports === undefined ? {} : { tip_lamports: tipLamports }),
    ...(deadlineMs === undefined ? {} : { deadline_ms: deadlineMs }),
  }
  const result = await client.submit(transaction, options)
  if (line.options.json) printJson(io, result)
  else {
    io.stdout.write(
      `signature ${result.signature}  strategy ${result.strategy}  route ${result.route}  confirmation ${result.confirmation}\n`,
    )
    if (result.tip_lamports !== null) io.stdout.write(`managed tip ${result.tip_lamports} lamports\n`)
  }
  return getConfirmationExitCode(result.confirmation)
}
