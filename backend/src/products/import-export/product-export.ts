import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { stringify as stringifyRows } from 'csv-stringify/sync';
import { ProductMessages, type ProductExportFormat, type ProductFieldType } from '@stockroom/schema';
import { HeavyWork } from '../../common/heavy-work';
import { log } from '../../common/log';
import { EXPORT_COLUMN_TYPES, type ExportColumn } from './product-export.queries';
import type { ProductExport } from './product-export.service';

/** `stockroom-products-2026-11-25.csv`: the day (UTC) the export was made. */
export const exportFileName = (format: ProductExportFormat, now = new Date()) => `stockroom-products-${now.toISOString().slice(0, 10)}.${format}`;

const CONTENT_TYPES: Record<ProductExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * RFC 4180 with what spreadsheets need to read it right: a BOM (so accents
 * are read as UTF-8), CRLF line ends, every cell holding a CR or LF quoted,
 * and a cell that would run as a formula (`=`, `+`, `-`, `@`, tab or carriage
 * return first) prefixed with `'`. Each batch of rows becomes one piece of
 * text: a stream stage per row cost a third of the export's time.
 */
async function* csvText(columns: ExportColumn[], rows: AsyncIterable<unknown[][]>): AsyncGenerator<string> {
  const options = { columns, record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true } as const;
  yield stringifyRows([], { ...options, header: true, bom: true });
  for await (const batch of rows) yield stringifyRows(batch, options);
}

/** The XLSX cell of a kind of value: numbers, dates and true/false as such, everything else as text. */
const XLSX_CELL: Partial<Record<ProductFieldType, (value: unknown) => unknown>> = {
  money: (value) => Number(value),
  boolean: (value) => value === 'true',
  timestamp: (value) => new Date(value as string),
};

/** The date format of a workbook's time columns. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Money with its two decimals and thousands grouped, as the app shows it: 12.5 reads 12.50. */
export const XLSX_MONEY_FORMAT = '#,##0.00';

/**
 * How a kind of column is shown: its number format, and for dates a width
 * that holds the formatted value (a column of the default width shows ####
 * for a date too wide for it). Widths are in characters, with room for the
 * padding spreadsheets draw around a cell.
 */
const XLSX_COLUMN: Partial<Record<ProductFieldType, { width?: number; style: { numFmt: string } }>> = {
  timestamp: { width: XLSX_DATE_FORMAT.length + 2, style: { numFmt: XLSX_DATE_FORMAT } },
  money: { style: { numFmt: XLSX_MONEY_FORMAT } },
};

/**
 * An Excel workbook of one sheet through exceljs's streaming writer: each row
 * is committed as it comes, and the next waits while the response is full.
 * Text cells are written as text, never as formulas, so they need no prefix.
 * exceljs is loaded on the first such export: it is the largest library the
 * server would otherwise load at start-up, for a request few make.
 */
async function xlsxWriter(columns: ExportColumn[], res: Response): Promise<Writable> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products');
  sheet.columns = columns.map((key) => ({ header: key, key, ...XLSX_COLUMN[EXPORT_COLUMN_TYPES[key]] }));
  const cells = columns.map((key) => XLSX_CELL[EXPORT_COLUMN_TYPES[key]]);
  return new Writable({
    objectMode: true,
    write(row: unknown[], _encoding, done) {
      sheet.addRow(row.map((value, i) => (value === null ? null : (cells[i]?.(value) ?? value)))).commit();
      if (res.writableNeedDrain) res.once('drain', () => done());
      else done();
    },
    final(done) {
      sheet.commit();
      workbook.commit().then(() => done(), done);
    },
  });
}

/** The rows of every batch, one at a time, as a stream that stops reading the cursor while the consumer is full. */
const rowStream = (batches: AsyncIterable<unknown[][]>) =>
  Readable.from(
    (async function* () {
      for await (const batch of batches) yield* batch;
    })(),
    { objectMode: true, highWaterMark: 1 },
  );

/** Exports running on this instance, in slots shared with imports (see heavyWorkLimits). */
const productExports = new HeavyWork(ProductMessages.busy);

/**
 * Runs an export in one of the instance's export slots; with none free, the
 * answer is TooManyRequestsError (429 with Retry-After). Each export holds a
 * pool connection for as long as its client downloads, minutes for a big
 * XLSX on a slow line.
 */
export const inExportSlot = <T>(poolMax: number, run: () => Promise<T>): Promise<T> => productExports.run(poolMax, run);

/**
 * Sends an export as a download. The first batch is read before anything is
 * sent, so a database that fails at once still gets its proper error status.
 * Once the file has started, a failure can only cut it short: it is logged,
 * and the connection is closed so the client sees an incomplete download
 * rather than a file that looks whole. A client that goes away stops the
 * cursor and frees its connection.
 */
export async function sendExport(res: Response, format: ProductExportFormat, { columns, batches }: ProductExport): Promise<void> {
  const first = await batches.next().catch(async (error) => {
    await batches.return(undefined);
    throw error;
  });
  res.status(200);
  res.set({
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${exportFileName(format)}"`,
    'Cache-Control': 'no-store',
  });
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* batches;
  })();
  const source = format === 'csv' ? Readable.from(csvText(columns, all), { objectMode: false, highWaterMark: 1 }) : rowStream(all);
  try {
    if (format === 'csv') await pipeline(source, res);
    else {
      // The workbook writes to the response itself, so the response is not in the pipeline: its closing is told apart.
      const gone = new AbortController();
      const onClose = () => gone.abort(new Error('The client went away'));
      res.once('close', onClose);
      try {
        await pipeline(source, await xlsxWriter(columns, res), { signal: gone.signal });
        if (!res.writableFinished) await new Promise((resolve) => res.once('finish', resolve).once('close', resolve));
      } finally {
        res.off('close', onClose);
      }
    }
  } catch (error) {
    source.destroy();
    // The response closed before its end (CSV), or the signal saw it close (XLSX): the client left, nothing failed.
    const clientLeft = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error).name === 'AbortError';
    if (!clientLeft) log.error({ err: error }, 'product export failed part way');
    res.destroy();
  } finally {
    await batches.return(undefined);
  }
}
