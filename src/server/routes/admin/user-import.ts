import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_MAX_BYTES, CSV_NOT_SELECTED, csvImportResponse } from '../../../shared/schemas/admin-users';
import { errorResponse } from '../../../shared/schemas/common';
import { HttpError } from '../../http-error';
import { importUsers, prepareUserImport } from '../../services/user-import/import-users-from-csv';
import { importBatches } from '../../services/user-import/take-turns';
import { actor } from '../../plugins/auth';
import { fullName } from '../../../shared/rules/format';

export const CSV_TOO_LARGE = 'The CSV file is larger than 10 MB';
export const NOT_MULTIPART = 'Send the CSV file as multipart/form-data with the fields csvFile and columnMapping';
const BAD_FORM = 'The upload is incomplete or is not a valid form; please try again';

/** The whole request may be this large: the file plus the form's boundaries and the mapping. */
const UPLOAD_BODY_LIMIT = CSV_MAX_BYTES + 1024 * 1024;
/** After a refusal, a body declared up to this size is read to its end and thrown away (see refuse()). */
const DRAIN_LIMIT = 2 * CSV_MAX_BYTES;

/** How long an import may run without answering once its file is in (the import itself is bounded by its limits). */
const IMPORT_IDLE_LIMIT_MS = 5 * 60_000;

/** The form fields the import reads; any other field is ignored. */
interface CsvUpload {
  bytes: Buffer;
  columnMapping: unknown;
  /** Issue 33: how the file writes its dates (MDY or DMY); absent from older clients. */
  dateOrder: unknown;
}

/**
 * The file's bytes, or 413 the moment it passes the limit. busboy emits 'limit' there and skips the rest
 * of the part without ending the stream, so waiting for 'end' would mean reading the whole upload first.
 */
function readWithinLimit(part: MultipartFile): Promise<Buffer> {
  const file = part.file;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => {
      file.removeAllListeners('data');
      file.destroy();
      reject(new HttpError(413, CSV_TOO_LARGE));
    };
    file.once('limit', tooLarge);
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > CSV_MAX_BYTES) tooLarge();
      else chunks.push(chunk);
    });
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks, size))));
    file.once('error', reject);
  });
}

/** Errors of @fastify/multipart and busboy in the words of the wizard. */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, CSV_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, 'Please select one CSV file');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(400, 'The upload has too many form fields');
    default:
      return new HttpError(400, BAD_FORM);
  }
}

/**
 * Reads the multipart form as it arrives, the file chunk by chunk (at most CSV_MAX_BYTES held in memory).
 * The fields may come in either order.
 */
async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  // A declared length this large cannot hold a file within the limit: refuse before reading a byte.
  if (Number(request.headers['content-length']) > UPLOAD_BODY_LIMIT) throw new HttpError(413, CSV_TOO_LARGE);
  let bytes: Buffer | null = null;
  let columnMapping: unknown;
  let dateOrder: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'columnMapping') columnMapping = part.value;
        else if (part.fieldname === 'dateOrder') dateOrder = part.value;
      } else if (part.fieldname !== 'csvFile') {
        part.file.resume(); // not ours: let it flow past
      } else if (!part.filename.toLowerCase().endsWith('.csv')) {
        throw new HttpError(400, CSV_NOT_SELECTED);
      } else {
        bytes = await readWithinLimit(part);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (bytes === null) throw new HttpError(400, CSV_NOT_SELECTED);
  return { bytes, columnMapping, dateOrder };
}

/**
 * The reply goes out at once, while the client may still be sending. A browser only reads a reply once its
 * upload is accepted, so a body of reasonable declared size is read on and discarded (never stored); a
 * larger or open-ended one closes the connection after the reply instead of being read to its end.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): never {
  if (request.raw.readableEnded) throw error;
  if (Number(request.headers['content-length']) <= DRAIN_LIMIT) request.raw.resume();
  else reply.header('connection', 'close');
  throw error;
}

/**
 * Spec 7: POST /api/admin/users/import-csv, multipart with csvFile and columnMapping (JSON of account field
 * → CSV header), and (issue 33) dateOrder, MDY or DMY, for dates written 03/14/2015 or 14/03/2015. Multipart parsing is registered in this plugin only, so no other route accepts a form.
 * The admin guard (routes/admin/index.ts) runs at onRequest, before a byte of the upload is read.
 */
export const adminUserImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/users/import-csv',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { response: { 200: csvImportResponse, '4xx': errorResponse } },
    },
    async (request, reply) => {
      let upload: CsvUpload;
      try {
        upload = await readCsvUpload(request);
      } catch (error) {
        refuse(request, reply, error);
      }
      // The whole file is in. Its import may go on for more than a minute without a byte on the wire (500
      // passwords and 5,000 rows on a busy machine): the connection's idle limit (connectionTimeout, 60 s, app.ts)
      // would cut it, so it is lifted to IMPORT_IDLE_LIMIT_MS for the rest of this request.
      request.raw.socket.setTimeout(IMPORT_IDLE_LIMIT_MS);
      // The file is read and its passwords hashed before the unit of work opens (no lock waits on argon2); the
      // welcome e-mails of new families go out once the import has committed.
      const batches = importBatches(app.dbKind);
      const prepared = await prepareUserImport(app.db, { csv: upload.bytes, columnMapping: upload.columnMapping, dateOrder: upload.dateOrder, batches });
      const importer = actor(request);
      const who = { id: importer.id, name: fullName(importer) };
      return request.unitOfWork((tx) => importUsers(tx, prepared, { email: app.emailContext, actor: who, now: app.clock(), batches }));
    },
  );
};
