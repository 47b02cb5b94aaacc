/** Offers a text as a file to download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file, not while the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Lets the browser download a file from a link (one that needs no bearer, e.g. a signed
 * download link): the browser writes it to disk as it streams, whatever its size.
 */
export function followDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
