export { SYSTEM_ACTOR, actorOf, isStaffActor, type Actor, type StaffActor } from './actor.js';
export {
  AUDIT_EVENTS,
  auditEventSpec,
  isAuditAction,
  type AuditAction,
  type AuditChange,
} from './events/index.js';
export { customerAuditTrail } from './trail.js';
export { auditSecurityEvent, type AuditFailureReport } from './safe.js';
export { verifyAuditChain, type ChainProblem, type ChainReport } from './verify.js';
export { audit, type AuditRecord, type AuditWriter } from './write.js';
