// One statement on the test server's admin connection (create, copy or drop a test database): its own client,
// closed after, so nothing stays connected to a database about to be copied or dropped.
import pg from 'pg';

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
