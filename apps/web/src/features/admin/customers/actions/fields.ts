/** The staff member's reason for an action: kept in the audit log, never shown to the customer. */
export const REASON_LABEL = 'Reason (internal)';
export const REASON_HINT = 'Kept in the audit log with your name. The customer does not see it.';
