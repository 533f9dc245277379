import './audit.css';
import { AuditScreen } from './AuditScreen';

/** The audit trail (`/admin/audit`), in one chunk. */
export const auditRoute = { Component: AuditScreen };
