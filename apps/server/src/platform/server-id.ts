import os from 'node:os';

/** A server id as it may appear in a header and a log line: short, printable, no spaces. */
export const SERVER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Which app server this process is, for operators reading answers and logs behind a load
 * balancer (decision 0031): SERVER_ID when set, else the host's name and the process id
 * ("web-2:4121"), unique among the processes of one machine and of a fleet with distinct names.
 */
export function defaultServerId(): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 48) || 'host';
  return `${host}:${process.pid}`;
}
