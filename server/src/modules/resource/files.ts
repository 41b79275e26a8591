/**
 * What an upload may be: an allowlist of extensions, each with the content signature (magic bytes)
 * its file must start with, and the type it is served back as.
 */
export interface FileKind {
  mime: string;
  /** Served inline (images, pdf) or always as a download. */
  inline: boolean;
  matches: (b: Buffer) => boolean;
}

const startsWith = (b: Buffer, ...bytes: number[]) => bytes.every((v, i) => b[i] === v);
const ascii = (b: Buffer, at: number, text: string) =>
  b.subarray(at, at + text.length).toString('latin1') === text;

const OLE = (b: Buffer) => startsWith(b, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** Office Open XML: a zip whose parts include `[Content_Types].xml` and the application's folder. */
const ooxml = (folder: string) => (b: Buffer) =>
  startsWith(b, 0x50, 0x4b, 0x03, 0x04) && b.includes('[Content_Types].xml') && b.includes(folder);

export const FILE_KINDS: Record<string, FileKind> = {
  png: {
    mime: 'image/png',
    inline: true,
    matches: (b) => startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  },
  jpg: { mime: 'image/jpeg', inline: true, matches: (b) => startsWith(b, 0xff, 0xd8, 0xff) },
  jpeg: { mime: 'image/jpeg', inline: true, matches: (b) => startsWith(b, 0xff, 0xd8, 0xff) },
  gif: { mime: 'image/gif', inline: true, matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  webp: { mime: 'image/webp', inline: true, matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  bmp: { mime: 'image/bmp', inline: true, matches: (b) => ascii(b, 0, 'BM') && b.length > 26 },
  pdf: { mime: 'application/pdf', inline: true, matches: (b) => ascii(b, 0, '%PDF-') },
  doc: { mime: 'application/msword', inline: false, matches: OLE },
  xls: { mime: 'application/vnd.ms-excel', inline: false, matches: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', inline: false, matches: OLE },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    matches: ooxml('word/'),
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    matches: ooxml('xl/'),
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
    matches: ooxml('ppt/'),
  },
};

/**
 * A client file name we are willing to record: no directory parts, no `..`, no control characters,
 * at most 200 characters. Returns null for anything else (the upload is refused).
 */
export function safeOriginalName(name: string | undefined): string | null {
  if (!name) return null;
  const n = name.normalize('NFC');
  const control = [...n].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (n.length > 200 || control || /[/\\]/.test(n) || n.includes('..') || /^\.+$/.test(n.trim())) return null;
  return n.trim() || null;
}

export const extensionOf = (name: string): string => {
  const at = name.lastIndexOf('.');
  return at > 0 ? name.slice(at + 1).toLowerCase() : '';
};
