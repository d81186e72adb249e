import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../testing/smtp-peer';
import { testConfig } from '../testing/test-config';
import { createMailer } from './send-email';
import { renderEmail } from './templates';

const lines: string[] = [];
const logger = { info: (...args: unknown[]) => lines.push(args.map(String).join(' ')), error: () => {} };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'panelhub-mail-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const content = renderEmail({
  emailClass: 'account',
  brandName: 'PanelHub',
  subject: 'Your sign-in code',
  heading: 'Sign in to PanelHub',
  paragraphs: ['Use this code within 10 minutes. <b>not bold</b>'],
  code: '123456',
});

describe('sendEmail', () => {
  it('writes an .eml into DATA_DIR/outbox without SMTP, and names the code only in demo mode', async () => {
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir, DEMO_MODE: 'true' }), logger);
    await mailer.sendEmail({ to: 'ann@example.com', ...content }, { demoHint: 'code 123456' });
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = await readFile(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: ann@example.com');
    expect(eml).toContain('Subject: Your sign-in code');
    expect(eml).toContain('123456');
    expect(eml).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(lines.at(-1)).toContain('code 123456');

    const quiet = createMailer(testConfig({ DATA_DIR: dataDir, DEMO_MODE: 'false' }), logger);
    await quiet.sendEmail({ to: 'ann@example.com', ...content }, { demoHint: 'code 123456' });
    expect(lines.at(-1)).not.toContain('123456');
  });

  it('delivers over SMTP to a real peer when SMTP_URL is set', async () => {
    const peer = await startSmtpPeer();
    try {
      const mailer = createMailer(testConfig({ DATA_DIR: dataDir, SMTP_URL: peer.url }), logger);
      await mailer.sendEmail({
        to: 'bob@example.com',
        ...content,
        headers: {
          'List-Unsubscribe': '<https://shop.example/api/email-preferences/unsubscribe?token=a.b>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]).toContain('To: bob@example.com');
      expect(peer.received[0]).toContain('123456');
      // The one-click headers of RFC 8058 reach the wire as given (read unfolded).
      const headers = (peer.received[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(
        /^List-Unsubscribe: <https:\/\/shop\.example\/api\/email-preferences\/unsubscribe\?token=a\.b>\r?$/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    } finally {
      await peer.close();
    }
  });
});
