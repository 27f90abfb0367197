import { sql, type SQL } from 'drizzle-orm';
import { emailOutbox, families, users, webhookLogs } from '../../db/schema';

/**
 * What is "about a family" outside the tables keyed by family_id (issue 31, docs/privacy.md): the e-mails sent to its
 * guardians and the CRM deliveries naming them. The export reads these rows and the erasure scrubs the same ones.
 */

/**
 * An outbox row is the family's when it went to one of its guardians' addresses. An address used again by a new
 * account after the old one was deleted belongs, for each message, to the latest account with it created by the time the
 * message was queued (the earliest when none was yet: clocks of tests), so neither family sees the other's mail.
 */
export function emailToFamily(familyId: string): SQL {
  return sql`lower(${emailOutbox.toAddress}) in (select lower(g.email) from ${users} g where g.family_id = ${familyId})
    and (select u.family_id from ${users} u where lower(u.email) = lower(${emailOutbox.toAddress})
         order by (u.created_at <= ${emailOutbox.createdAt}) desc, u.created_at desc, u.id limit 1) = ${familyId}`;
}

/**
 * A CRM delivery is about the family when its body or what was applied names one of its guardians' e-mails (any case)
 * or, as a JSON string, the family's CRM contact id.
 */
export function webhookLogAboutFamily(familyId: string): SQL {
  const text = sql`lower(coalesce(${webhookLogs.body}::text, '') || ' ' || coalesce(${webhookLogs.mappedData}::text, ''))`;
  return sql`(exists (select 1 from ${users} g where g.family_id = ${familyId} and strpos(${text}, lower(g.email)) > 0)
    or exists (select 1 from ${families} f where f.id = ${familyId} and f.crm_user_id is not null
               and strpos(${text}, lower(to_jsonb(f.crm_user_id)::text)) > 0))`;
}

/** Headers a delivery's copy never carries: signatures, authorisation, cookies, secrets and tokens. */
const SECRET_HEADER = /signature|authorization|cookie|secret|token|api-key/i;

export function headersWithoutSecrets(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return headers ?? null;
  return Object.fromEntries(Object.entries(headers as Record<string, unknown>).filter(([name]) => !SECRET_HEADER.test(name)));
}
