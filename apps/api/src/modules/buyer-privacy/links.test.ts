// Issue 46: the "Your data" token (signed, not forgeable, no expiry), the link added before an e-mail's footer,
// and the CSV's quoting.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import type { Mailer, OutgoingMail } from '../../adapters/mail';
import { brandedEmail } from '../core/mail/layout';
import { withYourDataLink, withYourDataLinks, yourDataSigner } from './links';

const AGENT = '6f1c2f5e-8a7b-4c1d-9e2f-0a1b2c3d4e5f';

describe('yourDataSigner', () => {
  const signer = yourDataSigner(randomBytes(32));
  it('signs an agent and a lower-cased address, and reads them back', () => {
    const token = signer.sign({ agentId: AGENT, email: ' Morgan@Buyers.Test ' });
    expect(signer.verify(token)).toEqual({ agentId: AGENT, email: 'morgan@buyers.test' });
  });
  it('refuses any change, another key, and junk', () => {
    const token = signer.sign({ agentId: AGENT, email: 'morgan@buyers.test' });
    const [v, agent, , mac] = token.split('.');
    const other = Buffer.from('eve@buyers.test').toString('base64url');
    expect(signer.verify([v, agent, other, mac].join('.'))).toBeNull();
    expect(signer.verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(yourDataSigner(randomBytes(32)).verify(token)).toBeNull();
    for (const junk of ['', 'v1', 'v1.a.b.c', `v2.${AGENT}.bW9yZ2Fu.x`, 'x'.repeat(700)]) {
      expect(signer.verify(junk)).toBeNull();
    }
  });
});

describe('withYourDataLink', () => {
  const rendered = brandedEmail(
    {
      agent: {
        firstName: 'Jamie',
        lastName: 'Agent',
        companyName: null,
        primaryColor: '#3B82F6',
        logoUrl: null,
      },
      publicUrl: 'https://keyturn.test',
    },
    {
      subject: 'Confirmed',
      heading: 'Your showing is confirmed',
      paragraphs: ['Hi Morgan,'],
      details: [['When', 'Tue']],
      notes: [],
      action: { label: 'Manage', url: 'https://keyturn.test/booking/manage?token=t' },
    },
  );
  const url = 'https://keyturn.test/your-data?token=a.b&c';

  it('adds the plain-text line and the HTML link just before the footer', () => {
    const mail = withYourDataLink(rendered, url);
    const lines = mail.text.split('\n');
    const at = lines.indexOf(`${PRIVACY_TEXTS.linkLabel}: ${url}`);
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('');
    expect(lines[at + 2]).toBe('—');
    expect(mail.html).toContain('href="https://keyturn.test/your-data?token=a.b&amp;c"');
    expect(mail.html.indexOf('your-data?token')).toBeLessThan(
      mail.html.indexOf('sent by Keyturn on behalf of'),
    );
  });

  it('the workers’ mailer adds it only to messages marked as a buyer’s, and strips the mark', async () => {
    const sent: OutgoingMail[] = [];
    const inner: Mailer = {
      transport: 'file',
      send: async (m) => {
        sent.push(m);
        return { transport: 'file', providerRef: 'x', fileName: null };
      },
      close: () => {},
    };
    const signer = yourDataSigner(randomBytes(32));
    const mailer = withYourDataLinks(inner, signer, 'https://keyturn.test');
    const base = {
      from: 'a@b',
      to: 'morgan@buyers.test',
      messageId: '<m@x>',
      fileStem: 'f',
      ...rendered,
    };
    await mailer.send({ ...base, yourData: { agentId: AGENT, email: 'morgan@buyers.test' } });
    await mailer.send(base);
    expect(sent[0]).not.toHaveProperty('yourData');
    const token = /your-data\?token=(\S+)/.exec(sent[0]!.text)![1]!;
    expect(signer.verify(decodeURIComponent(token))).toEqual({ agentId: AGENT, email: 'morgan@buyers.test' });
    expect(sent[1]!.text).not.toContain('/your-data');
    // A deleted buyer's placeholder is never sent to, and never retried.
    const refused = mailer.send({ ...base, to: 'deleted-r-1@deleted.invalid' });
    await expect(refused).rejects.toMatchObject({ permanent: true });
    expect(sent).toHaveLength(2);
  });
});
