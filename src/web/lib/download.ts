/**
 * Saves text as a file: a Blob behind an object URL and a temporary <a download>. Nothing
 * leaves the browser (the passwords in a panel export included), and a download link is not
 * subject to the page's connect-src or img-src rules.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next tick: the browser has taken the file by then, and the passwords
    // do not stay reachable through the URL.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
