#!/usr/bin/env node
/** The `solana-preflight` command: see `solana-preflight --help`. */
import { getProcessIo } from './cli-io.js'
import { runCli } from './run-cli.js'

process.exitCode = await runCli(process.argv.slice(2), getProcessIo())
