/**
 * The addresses of the host the service runs on. A webhook to one of them reaches the service's own
 * ports (and whatever else listens on the machine) from the inside, even when the address is public.
 */
import { networkInterfaces } from 'node:os'

/** Every address of every interface (IPv4 and IPv6, loopback and link-local included), and 0.0.0.0 and ::, which connect to the host itself. */
export function getHostAddresses(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address))
  return [...addresses, '0.0.0.0', '::']
}
