/**
 * Addresses refused for webhooks even when private URLs are allowed (development): link-local, and
 * the instance-metadata and host-agent services of cloud providers, which hand out credentials to
 * whoever on the instance asks. Several sit outside link-local, in ranges development allows (a
 * unique-local, carrier-grade NAT or IETF block) or in public space (Azure's host agent).
 * docs/webhooks.md#which-urls lists the same; change both together.
 */
import { isInIpRange, toIpRange, type IpRange } from './ip-address.js'

export interface CloudMetadataRange extends IpRange {
  name: string
}

const toRanges = (entries: readonly (readonly [string, string])[]): CloudMetadataRange[] =>
  entries.map(([cidr, name]) => ({ ...toIpRange(cidr), name }))

export const CLOUD_METADATA_RANGES = toRanges([
  // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean, Hetzner at 169.254.169.254; ECS task metadata at
  // 169.254.170.2; EKS Pod Identity at 169.254.170.23; Tencent at 169.254.0.23; Scaleway at 169.254.42.42.
  ['169.254.0.0/16', 'IPv4 link-local: most instance-metadata services'],
  ['fe80::/10', 'IPv6 link-local'],
  ['fd00:ec2::/32', 'AWS instance metadata, DNS and time over IPv6 (fd00:ec2::254, ::253, ::123; EKS Pod Identity ::23)'],
  ['fd20:ce::254/128', 'GCP metadata server over IPv6'],
  ['100.100.100.200/32', 'Alibaba Cloud metadata'],
  ['168.63.129.16/32', 'Azure WireServer (host agent, DNS, health probes)'],
  ['192.0.0.192/32', 'Oracle Cloud (Classic) metadata'],
])

/** The metadata range `address` (bytes) lies in; undefined when it lies in none. */
export function getCloudMetadataRange(address: Uint8Array): CloudMetadataRange | undefined {
  return CLOUD_METADATA_RANGES.find((range) => isInIpRange(address, range))
}
