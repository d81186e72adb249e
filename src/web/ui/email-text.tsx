/**
 * An e-mail address that, when it must wrap, wraps after the "@" (a <wbr> hint) rather than in
 * the middle of a word; a very long part still breaks anywhere instead of overflowing.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
