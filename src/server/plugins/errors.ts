import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, LogController } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CANNOT_SAVE_NOW, DATABASE_UNAVAILABLE, SERVER_TROUBLE } from '../../shared/product';
import { databaseTrouble } from '../db/database-errors';
import { errorBody, HttpError } from '../http-error';
import { errorCodeForStatus, type ErrorCode } from '../../shared/error-codes';
import { serializeError } from '../logging';
import { bodyTooLarge } from './json-body';

/** Field path of a validation issue: '/childNames/0' becomes 'childNames.0'. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * One place turns every error into `{ message, code }` with a fitting status (the codes: src/shared/error-codes.ts). Validation errors name the field
 * and carry the schema's message; a database that cannot be reached, does not answer in time or has no disk space
 * left answers 503 with a message for people (db/database-errors.ts); unexpected errors are logged (without query
 * values, see serializeError) and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath) || (error.validationContext ?? 'request'),
        message: issue.message,
      }));
      const [first] = errors;
      return reply.status(400).send({
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED' satisfies ErrorCode,
        errors,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [message, code] =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? ['The request body is not valid JSON', 'INVALID_JSON' as const]
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? ['The request body is empty; send a JSON object', 'EMPTY_BODY' as const]
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? [bodyTooLarge(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1_048_576), 'PAYLOAD_TOO_LARGE' as const]
              : [error.message, errorCodeForStatus(status)];
      return reply.status(status).send(errorBody(status, message, code));
    }
    // Serialised here (and again by the logger's err serializer) without the values of a failed query:
    // a Drizzle error's message and params carry e-mails and password or token hashes.
    const trouble = databaseTrouble(error);
    if (trouble) {
      request.log.error(
        { err: serializeError(error) },
        trouble === 'disk-full' ? 'the database has no disk space left: a change could not be stored' : 'the database is unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', trouble === 'disk-full' ? '60' : '5')
        .send(trouble === 'disk-full' ? errorBody(503, CANNOT_SAVE_NOW, 'STORAGE_FULL') : errorBody(503, DATABASE_UNAVAILABLE, 'DATABASE_UNAVAILABLE'));
    }
    request.log.error({ err: serializeError(error) }, 'unhandled error');
    return reply.status(500).send(errorBody(500, SERVER_TROUBLE, 'INTERNAL_ERROR'));
  });

  // The address is never echoed (issue 29): it may hold a secret, such as a calendar feed's token spelt oddly.
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(404, NO_SUCH_ENDPOINT, 'NO_SUCH_ENDPOINT'));
  });
}

export const NO_SUCH_ENDPOINT = 'No such endpoint';
export const BAD_ADDRESS = 'The address is not valid';
export const ADDRESS_TOO_LONG = 'The address is too long';

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route runs (a broken percent escape
 * in a path parameter, a parameter over the router's length limit), answered as `{ message }` without the
 * address Fastify's own text would echo (code BAD_ADDRESS or URI_TOO_LONG). Fastify does not report these requests to the log controller, so this
 * does once the answer is sent: they are logged like any refusal (the log redacts the address).
 */
export function frameworkErrors(logController: Pick<LogController, 'requestCompleted'>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.raw.once('finish', () => logController.requestCompleted(null, request, reply));
    const [status, message, code] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, ADDRESS_TOO_LONG, 'URI_TOO_LONG' as const]
        : [error.statusCode && error.statusCode < 500 ? error.statusCode : 400, BAD_ADDRESS, 'BAD_ADDRESS' as const];
    // No hook runs for these: the headers every /api refusal carries are set here.
    void reply.status(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(errorBody(status, message, code));
  };
}
