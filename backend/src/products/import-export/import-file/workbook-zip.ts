import JSZip from 'jszip';
import { IMPORT_LIMITS, ImportMessages } from '@stockroom/schema';
import { fileError } from './import-table';

/** What reads a part of the workbook: its text in pieces as it inflates, then its end. */
export interface PartReader {
  /** true: the reader has what it needs, and the rest of the part is left packed. */
  write(text: string): boolean | void;
  end(): void;
}

/** The parts of a workbook, each inflated only when read, and only as far as its reader wants. */
export interface WorkbookZip {
  /** Feeds the part at `path` to `reader`; false when the workbook has no such part. */
  read(path: string, reader: PartReader): Promise<boolean>;
}

/** jszip's own stream of a part, faster than its Node stream adapter; documented, though its type declarations leave it out. */
type StreamingZipObject = JSZip.JSZipObject & { internalStream(type: 'uint8array'): JSZip.JSZipStreamHelper<Uint8Array> };

/** Each part has a record in the zip's central directory, and each record begins with these bytes. */
const CENTRAL_RECORD = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** More than `max` central-directory records in `bytes` (or bytes that look like one: never fewer than the zip holds). */
function hasMoreRecordsThan(bytes: Buffer, max: number): boolean {
  let count = 0;
  for (let at = bytes.indexOf(CENTRAL_RECORD); at !== -1; at = bytes.indexOf(CENTRAL_RECORD, at + CENTRAL_RECORD.length)) if (++count > max) return true;
  return false;
}

/**
 * Opens a workbook's zip from its directory (parts can be in any order in
 * the file; nothing is inflated yet). Every part read afterwards counts its
 * inflated bytes against IMPORT_LIMITS.maxUnpackedBytes, each part and all of
 * them together: a zip's stated sizes can lie, so the bytes are counted as
 * they come out. Nothing is written to disk.
 */
export async function openWorkbookZip(bytes: Buffer): Promise<WorkbookZip> {
  // jszip keeps a record of every part before reading any: a zip of tiny parts would fill memory with them.
  if (hasMoreRecordsThan(bytes, IMPORT_LIMITS.maxWorkbookParts)) throw fileError(ImportMessages.workbookTooManyParts);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw fileError(ImportMessages.unreadableWorkbook);
  }
  let unpacked = 0;
  return {
    read(path, reader) {
      const part = zip.file(path) as StreamingZipObject | null;
      if (!part || part.dir) return Promise.resolve(false);
      return new Promise<boolean>((resolve, reject) => {
        const stream = part.internalStream('uint8array');
        const decoder = new TextDecoder();
        let settled = false;
        const settle = (error?: unknown) => {
          if (settled) return;
          settled = true;
          stream.pause();
          if (error === undefined) resolve(true);
          else reject(error);
        };
        stream.on('data', (chunk) => {
          if (settled) return;
          unpacked += chunk.length;
          if (unpacked > IMPORT_LIMITS.maxUnpackedBytes) return settle(fileError(ImportMessages.workbookTooLarge));
          try {
            if (reader.write(decoder.decode(chunk, { stream: true }))) settle();
          } catch (error) {
            settle(error);
          }
        });
        stream.on('end', () => {
          if (settled) return;
          try {
            reader.write(decoder.decode());
            reader.end();
            settle();
          } catch (error) {
            settle(error);
          }
        });
        stream.on('error', () => settle(fileError(ImportMessages.unreadableWorkbook)));
        stream.resume();
      });
    },
  };
}
