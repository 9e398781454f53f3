// Hands a blob to the browser's download (a file fetched with the bearer token, or made on the page).

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; give them time before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
