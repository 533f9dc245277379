/**
 * How errors are written to the logs (the logger's `err` serializer). A failed query carries
 * what users wrote: drizzle puts the query's parameters in its message ("Failed query: …
 * params: …"), and PostgreSQL's message, `detail` and `where` quote the refused values
 * ("Key (email)=(…) already exists"). The logs keep what tells a developer which statement
 * failed and why (the SQL text, the SQLSTATE, the table, column and constraint) and never
 * the values.
 */

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: unknown;
  [field: string]: unknown;
}

/** Fields of a PostgreSQL error that name things of the schema, never users' values. */
const schemaFields = ['severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

export function serializeError(error: Error): LoggedError {
  return serialize(error, 0);
}

function serialize(error: Error, depth: number): LoggedError {
  const type = error.constructor.name === 'Error' ? error.name : error.constructor.name;
  const fields = error as unknown as Record<string, unknown>;
  let logged: LoggedError;
  if (typeof fields.query === 'string' && Array.isArray(fields.params) && 'cause' in error) {
    // DrizzleQueryError: the statement with its placeholders, and how many values it had.
    const message = `Failed query: ${fields.query}`;
    logged = { type, message, params: `[${fields.params.length} redacted]`, stack: withHeader(error.stack, `${type}: ${message}`) };
  } else if (typeof fields.code === 'string' && 'severity' in error) {
    // A PostgreSQL error (pg or PGlite): its message quotes the refused value.
    // PGlite's error class has a minified name: one name for both drivers.
    const message = redactQuoted(error.message);
    logged = { type: 'DatabaseError', message, code: fields.code, stack: withHeader(error.stack, `DatabaseError: ${message}`) };
    for (const field of schemaFields) if (typeof fields[field] === 'string') logged[field] = fields[field];
    return logged;
  } else {
    logged = { type, message: error.message, stack: error.stack ?? '' };
    if (typeof fields.code === 'string') logged.code = fields.code;
    if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  }
  if (error.cause instanceof Error && depth < 5) logged.cause = serialize(error.cause, depth + 1);
  else if (error.cause !== undefined) logged.cause = '[redacted]';
  return logged;
}

/** `"anything quoted"` → `"…"`: PostgreSQL quotes values (and names, kept in their own fields). */
const redactQuoted = (message: string) => message.replace(/"(?:[^"]|"")*"/g, '"…"');

/** The stack's frames under a new first part (the original repeats the message). */
function withHeader(stack: string | undefined, header: string): string {
  const frames = stack?.indexOf('\n    at ') ?? -1;
  return frames < 0 ? header : header + stack!.slice(frames);
}
