import { WEBHOOK_EVENT_TYPES } from '../../../../domain/webhooks';
import { WEBHOOK_EVENT_TEXTS } from '../../../lib/webhook-event-texts';
import { Link } from '../../layout/site-navigation';
import { CodeBlock } from './code-block';
import { DocsSection } from './docs-section';

/** The waits between attempts of a failed delivery (docs/decisions/0012-webhooks.md). */
export const RETRY_SCHEDULE = [
  '5 seconds',
  '5 minutes',
  '30 minutes',
  '2 hours',
  '5 hours',
  '10 hours',
  '10 hours',
];

const VERIFY_EXAMPLE = `import express from 'express';
import { Webhook } from 'standardwebhooks';

// The signing secret shown when you added the endpoint (whsec_...), from your app's
// configuration or secret store; never written into the code.
const webhook = new Webhook(config.panelhubSigningSecret);
const app = express();

// Verify the raw body: parsed and re-encoded JSON no longer matches the signature.
app.post('/webhooks/panelhub', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, {
      'webhook-id': req.header('webhook-id'),
      'webhook-timestamp': req.header('webhook-timestamp'),
      'webhook-signature': req.header('webhook-signature'),
    });
  } catch {
    return res.status(400).send('Bad signature');
  }
  // event.type, event.timestamp, event.data
  res.status(204).end();
});`;

/** Webhooks: the events, the message, checking the signature, and retries. */
export function WebhooksSection() {
  return (
    <DocsSection id="webhooks" title="Webhooks">
      <p>
        Instead of asking the API again and again, let us tell you. Add an endpoint in{' '}
        <Link to="/settings">Settings → Webhooks</Link>, choose its events, and we send an HTTPS{' '}
        <code>POST</code> to it each time one happens. Messages follow the{' '}
        <a href="https://www.standardwebhooks.com/" rel="noopener noreferrer">
          Standard Webhooks
        </a>{' '}
        specification.
      </p>
      <h3>Events</h3>
      <ul aria-label="Webhook events">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <li key={event}>
            <code>{event}</code>: {WEBHOOK_EVENT_TEXTS[event]}
          </li>
        ))}
      </ul>
      <p>
        <strong>Send test event</strong> in the settings sends a <code>webhook.test</code> message, so you can
        check your receiver without waiting for a real event.
      </p>
      <h3>The message</h3>
      <p>
        The body is JSON: <code>type</code> (the event), <code>timestamp</code> (when it happened, ISO 8601,
        UTC) and <code>data</code> (the object it is about). Three headers come with it:
      </p>
      <ul>
        <li>
          <code>webhook-id</code>: the message’s id, the same on every retry.
        </li>
        <li>
          <code>webhook-timestamp</code>: when this attempt was sent, in Unix seconds.
        </li>
        <li>
          <code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of{' '}
          <code>id.timestamp.body</code>, made with your endpoint’s secret.
        </li>
      </ul>
      <h3>Verifying signatures</h3>
      <p>
        Check every message before you trust it. The <code>standardwebhooks</code> package (npm, PyPI and
        others) does it in one call: give it the whole secret, <code>whsec_</code> included, the raw body and
        the three headers. It also refuses a timestamp more than five minutes from your clock, which stops a
        captured message from being replayed later.
      </p>
      <CodeBlock label="Verifying a webhook in Node.js">{VERIFY_EXAMPLE}</CodeBlock>
      <h3>Answering and retries</h3>
      <p>
        Answer with any <code>2xx</code> within 10 seconds; do slow work after answering. We do not follow
        redirects. A failed delivery is tried again after:
      </p>
      <ol aria-label="Retry schedule">
        {RETRY_SCHEDULE.map((wait, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the schedule is fixed and has repeated waits
          <li key={index}>{wait}</li>
        ))}
      </ol>
      <p>
        That is eight attempts over about 27 hours, so a server that is down for a day still gets every event.
        Each wait may be up to a tenth longer, to spread out a backlog. If every delivery to an endpoint fails
        for 3 days, we disable it and let you know. The settings page shows each endpoint’s last 100
        deliveries, and can send any of them again.
      </p>
    </DocsSection>
  );
}
