/**
 * A process' own peak RSS. On Linux `process.resourceUsage().maxRSS` of a child starts at the high-water mark of the
 * process that forked it (a child of a 400 MiB driver reports at least 400 MiB), so the figure is VmHWM from
 * /proc/self/status, which belongs to the new address space; elsewhere maxRSS it is.
 */
import { existsSync, readFileSync } from 'node:fs';

const STATUS = '/proc/self/status';
export const rssSource: 'VmHWM' | 'maxRSS' = existsSync(STATUS) ? 'VmHWM' : 'maxRSS';

/** The process' peak RSS so far, KiB. */
export function peakRssKiB(): number {
  if (rssSource === 'VmHWM') {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(STATUS, 'utf8'));
    if (m) return Number(m[1]);
  }
  return process.resourceUsage().maxRSS;
}
