import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { importMessages, maxCatalogUploadBytes } from '../../../shared/api/admin-import.js';
import { findLabel, invalidLabelMessage } from '../../../shared/labels.js';
import { AppError, BadRequestError } from '../../errors.js';
import { checkUploadFileName } from '../../lib/uploads.js';
import { CatalogFormatError, readDistributorCsv } from './importer/parse-distributor-csv.js';

/** A checked upload: the job stores the CSV itself, which any instance parses again when it runs the job. */
export interface CatalogUpload {
  fileName: string;
  labelId: string | null;
  csv: string;
  /** The file's data rows (the job's total). */
  rows: number;
}

/** The whole upload's body limit: the file's, and room for the form around it (boundaries, part headers, `label`). */
export const maxCatalogUploadBodyBytes = maxCatalogUploadBytes + 64 * 1024;

/** Browsers send a .csv as text/csv, or (Windows with Excel) as the Excel type. */
const csvTypes = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

function isCsvFile(file: MultipartFile): boolean {
  return /\.csv$/i.test(file.filename) || csvTypes.includes(file.mimetype.split(';')[0]?.trim().toLowerCase() ?? '');
}

async function readFile(file: MultipartFile): Promise<Buffer> {
  try {
    return await file.toBuffer();
  } catch (err) {
    // @fastify/multipart stops reading at the size limit (limits.fileSize) with this code.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, importMessages.fileTooLarge, 'file');
    throw err;
  }
}

/**
 * Reads the multipart form of `POST /admin/import-catalog` (field `file`, optional field `label`)
 * and the CSV in it. Everything that would make the import refuse the file is found here, before a
 * job starts: 400 naming the field (413 for a file over the limit), and nothing is imported.
 */
export async function readCatalogUpload(request: FastifyRequest): Promise<CatalogUpload> {
  if (!request.isMultipart()) throw new BadRequestError(importMessages.fileMissing, 'file');
  let file: { name: string; bytes: Buffer } | undefined;
  let labelValue: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const name = checkUploadFileName(part.filename, 'file');
        if (!isCsvFile(part)) throw new BadRequestError(importMessages.fileNotCsv, 'file');
        file = { name, bytes: await readFile(part) };
      } else if (part.fieldname === 'label' && typeof part.value === 'string' && part.value.trim() !== '') {
        labelValue = part.value.trim();
      }
    }
  } catch (err) {
    // The form parser's own complaints (cut short, no boundary, broken part headers) are the client's.
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
    throw new BadRequestError(importMessages.formMalformed, 'file');
  }

  const label = labelValue === undefined ? undefined : findLabel(labelValue);
  if (labelValue !== undefined && !label) throw new BadRequestError(invalidLabelMessage(labelValue), 'label');
  if (!file) throw new BadRequestError(importMessages.fileMissing, 'file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    throw new BadRequestError(importMessages.fileNotText, 'file');
  }
  if (text.trim() === '') throw new BadRequestError(importMessages.fileEmpty, 'file');
  if (text.includes('\u0000')) throw new BadRequestError(importMessages.fileNotText, 'file');

  // Read through once, as the import will (a batch at a time, the event loop running between
  // batches): a file that is no CSV or lacks a column is refused now, and its rows are counted.
  let rows = 0;
  try {
    for await (const batch of readDistributorCsv(text, { label: label?.id })) rows += batch.rows;
  } catch (err) {
    if (err instanceof CatalogFormatError) throw new BadRequestError(err.message, 'file');
    throw err;
  }
  if (rows === 0) throw new BadRequestError(importMessages.fileWithoutRows, 'file');
  return { fileName: file.name, labelId: label?.id ?? null, csv: text, rows };
}
