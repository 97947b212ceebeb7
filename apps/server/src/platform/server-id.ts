import { randomBytes } from 'node:crypto';

/** A server id as it may appear in a header and a log line: short, printable, no spaces. */
export const SERVER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** This process's id when SERVER_ID is not set: drawn once, at first use. */
let drawn: string | undefined;

/**
 * Which app server this process is, for operators reading answers and logs behind a load
 * balancer (decision 0031): SERVER_ID when set, else a random id drawn once per process
 * ("srv-3fZk9qL2aB"). Not the host's name and process id: the header goes to everyone, and a
 * host name can carry the machine's internal address (ip-10-0-1-23). Every log line carries
 * `serverId` beside `hostname` and `pid`, so an operator maps the one to the others.
 */
export function defaultServerId(): string {
  drawn ??= `srv-${randomBytes(8).toString('base64url')}`;
  return drawn;
}
