// pg-boss's insert in a booking's transaction is a named statement (issue 18): each connection parses and plans
// it once. The name comes from the text, so the same text always reuses one name and another text never does.
import { describe, expect, it } from 'vitest';
import { statementName } from '../src/jobs/queue';

describe('statementName: one prepared statement per constant SQL text', () => {
  it('is stable for a text, differs between texts, and carries its prefix', () => {
    const insert = 'INSERT INTO pgboss.job (id, name) SELECT * FROM json_to_recordset($1)';
    const name = statementName('pgboss-insert', insert);
    expect(name).toMatch(/^pgboss-insert-[0-9a-f]{16}$/);
    expect(statementName('pgboss-insert', insert)).toBe(name);
    expect(statementName('pgboss-insert', `${insert} ON CONFLICT DO NOTHING`)).not.toBe(name);
  });
});
