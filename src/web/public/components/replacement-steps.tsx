import { replacementPolicyText } from '../../../domain/replacements';
import { useSite } from '../../lib/site';
import { REPLACEMENT_ANSWER } from '../../lib/terms';
import { Link } from '../layout/site-navigation';

/** The warranty in our words with the configured limit (docs/product.md §11): /refund and /help. */
export function ReplacementPolicyText() {
  const site = useSite();
  return <>{replacementPolicyText(site.replacementsPerPeriod)}</>;
}

/** How to report a panel, as list items: the same steps on /refund and /help. */
export function ReplacementSteps() {
  return (
    <>
      <li>
        On your <Link to="/dashboard">Dashboard</Link>, press <strong>Report a problem</strong> beside the
        panel, say what is wrong (you cannot sign in, the provider suspended it, it holds fewer mailboxes than
        sold, or something else) and add a note if it helps.
      </li>
      <li>
        {REPLACEMENT_ANSWER} When we replace the panel, the new one is added to the same order and we e-mail
        you; its credentials are on your Dashboard, never in the e-mail. The old panel stops working.
      </li>
      <li>
        One report per panel at a time: a second report of the same panel within 24 hours is not needed, we
        are already on it. If we cannot replace it, the Dashboard shows why.
      </li>
    </>
  );
}
