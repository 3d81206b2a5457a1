/**
 * The safe part of a download's file name: letters, digits, space, dot, dash and underscore (accents dropped, the
 * rest "_"), without leading dots or spaces, at most 100 characters; empty when nothing of `name` is left.
 */
export const safeFileStem = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ .]+$/g, '')
    .slice(0, 100);

/** Content-Disposition of a download: the plain name for old clients, the RFC 5987 one for the rest. */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
