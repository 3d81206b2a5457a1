/**
 * The browser's file transfers: saving a document as a download and reading a chosen file. Machines get them
 * through provide(), so they run without a window.
 */
export function saveFile(fileName: string, blob: Blob, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the time timers run again.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The text of a chosen file (UTF-8). */
export function readFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
