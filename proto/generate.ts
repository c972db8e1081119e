/**
 * Generates the TypeScript types of the gRPC contracts into `outDir` (proto/gen by default) with
 * proto-loader-gen-types. The output is never edited by hand; test/proto/gen-fresh.test.ts fails
 * when it is stale.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROTO_FILES, PROTO_GEN_FLAGS } from './proto-options.js'

const protoDir = dirname(fileURLToPath(import.meta.url))

/** Writes the generated types of every contract into `outDir`, replacing what was there. */
export function generateProtoTypes(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const bin = join(protoDir, '..', 'node_modules', '.bin', 'proto-loader-gen-types')
  execFileSync(bin, [...PROTO_GEN_FLAGS, `--outDir=${outDir}`, ...PROTO_FILES], { cwd: protoDir, stdio: 'pipe' })
  // The generator writes extension-less imports, which resolve only in CommonJS; the generated
  // files hold types alone, so marking the folder CommonJS costs nothing at run time.
  writeFileSync(join(outDir, 'package.json'), '{ "type": "commonjs" }\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generateProtoTypes(join(protoDir, 'gen'))
