/**
 * Sockets as Linux's /proc shows them, for tests that ask who listens where: the listening TCP
 * sockets of /proc/net (IPv4 and IPv6) and the socket inodes a process's descriptors hold.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

export interface ListeningTcpSocket {
  port: number
  inode: string
}

/** Every listening TCP socket (state 0A) of /proc/net/tcp and tcp6; a table that cannot be read is skipped. */
export function readListeningTcpSockets(): ListeningTcpSocket[] {
  const sockets: ListeningTcpSocket[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/)
      // local_address (hex address:port), state 0A (LISTEN), the inode in the tenth field
      const port = fields[1]?.split(':').pop()
      if (port && fields[3] === '0A' && fields[9]) sockets.push({ port: Number.parseInt(port, 16), inode: fields[9] })
    }
  }
  return sockets
}

/** The inodes of the sockets `pid`'s descriptors hold (`self`: this process, its worker threads' included); empty when they cannot be read. */
export function getSocketInodes(pid: number | 'self'): Set<string> {
  const inodes = new Set<string>()
  let descriptors: string[]
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`)
  } catch {
    // gone, or not ours to read
    return inodes
  }
  for (const fd of descriptors) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (match?.[1]) inodes.add(match[1])
    } catch {
      // closed while listing
    }
  }
  return inodes
}
