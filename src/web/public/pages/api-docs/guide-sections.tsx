import {
  API_KEY_RATE_LIMIT,
  API_V1_IP_RATE_LIMIT,
  MAX_API_KEYS_PER_USER,
  READ_WRITE_CHANGES,
} from '../../../../domain/api-keys';
import { Link } from '../../layout/site-navigation';
import { CodeBlock } from './code-block';
import { DocsSection } from './docs-section';
import { REFUSALS } from './refusals';

/** Signing a request: where keys come from and how to send one. */
export function AuthenticationSection() {
  return (
    <DocsSection id="authentication" title="Authentication">
      <p>
        Every request to <code>/api/v1</code> carries one of your API keys as a bearer token. Create keys in{' '}
        <Link to="/settings">Settings → API keys</Link>; you can hold up to {MAX_API_KEYS_PER_USER} at a time.
      </p>
      <CodeBlock label="Example request">{`curl https://your-panelhub-address/api/v1/panels \\
  -H "Authorization: Bearer phk_..."`}</CodeBlock>
      <ul>
        <li>
          A key starts with <code>phk_</code>, followed by 43 letters and digits. We show it once, when you
          create it, and keep only a fingerprint, so we cannot show it again. Lost one? Revoke it and create
          another.
        </li>
        <li>
          <strong>Read only</strong> keys can call every <code>GET</code>. <strong>Read &amp; write</strong>{' '}
          keys can also {READ_WRITE_CHANGES}.
        </li>
        <li>
          A key acts as you, with your customer rights and never an administrator’s. It sees only your own
          panels, orders and subscriptions.
        </li>
        <li>
          Revoking a key takes effect on the next request: it then gets <code>401</code>. Signing in to the
          website does not open the API; only a key does.
        </li>
      </ul>
    </DocsSection>
  );
}

/** Lists: cursors rather than page numbers. */
export function PagingSection() {
  return (
    <DocsSection id="paging" title="Paging">
      <p>
        Lists come newest first, a page at a time, as <code>{'{ "data": [...], "next_cursor": "..." }'}</code>
        . Ask for up to 100 items with <code>limit</code> (25 if you leave it out). To get the next page, send
        the <code>next_cursor</code> you were given as <code>cursor</code>. On the last page{' '}
        <code>next_cursor</code> is <code>null</code>.
      </p>
      <p>
        A cursor marks the last item you received, so items created while you walk through a list never push
        the ones still to come onto a page you already read.
      </p>
    </DocsSection>
  );
}

/** How many requests, and how a client learns it went too fast. */
export function RateLimitsSection() {
  return (
    <DocsSection id="rate-limits" title="Rate limits">
      <p>
        Each key may make {API_KEY_RATE_LIMIT} requests a minute. Every answer says where you stand in three
        headers:
      </p>
      <ul>
        <li>
          <code>RateLimit-Limit</code>: requests allowed in the window.
        </li>
        <li>
          <code>RateLimit-Remaining</code>: requests left in it.
        </li>
        <li>
          <code>RateLimit-Reset</code>: seconds until it starts over.
        </li>
      </ul>
      <p>
        Past the limit the answer is <code>429</code> with a <code>Retry-After</code> header: wait that many
        seconds. One network address may also make at most {API_V1_IP_RATE_LIMIT} requests a minute across all
        keys.
      </p>
    </DocsSection>
  );
}

/** Retrying safely. */
export function RetriesSection() {
  return (
    <DocsSection id="retries" title="Retries and idempotency">
      <p>
        Reads change nothing, and canceling or resuming a subscription twice leaves it as once, so repeating
        those is always safe. Creating an order takes an <code>Idempotency-Key</code> header: up to 255
        visible characters of your choosing, such as a UUID. The same key with the same body within 24 hours
        gets the first answer again (with <code>Idempotent-Replayed: true</code>) and creates no second order;
        the same key with another body is a <code>409</code>. A request that failed frees its key, so you can
        retry it as is.
      </p>
      <p>
        If a request times out or gets a <code>5xx</code>, try again after a short pause, doubling it each
        time. Do not retry a <code>400</code>, <code>401</code>, <code>403</code> or <code>404</code>: the
        same request gets the same answer.
      </p>
      <p>
        Webhooks can arrive more than once (we retry until your server answers with a <code>2xx</code>). Each
        message carries a <code>webhook-id</code> that stays the same on every attempt: store the ids you have
        handled and skip one you have seen.
      </p>
    </DocsSection>
  );
}

/** The one error shape. */
export function ErrorsSection() {
  return (
    <DocsSection id="errors" title="Errors">
      <p>Every refusal has the same body, with a code for programs and a message for people:</p>
      <CodeBlock label="Error body">{`{ "error": { "code": "not_found", "message": "No such panel." } }`}</CodeBlock>
      <ul>
        {Object.entries(REFUSALS).map(([status, meaning]) => (
          <li key={status}>
            <code>{status}</code>: {meaning}
          </li>
        ))}
      </ul>
    </DocsSection>
  );
}
