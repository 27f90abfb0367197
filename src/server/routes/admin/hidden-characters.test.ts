import { describe, expect, it } from 'vitest';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 17, item 12, through HTTP: names and places refuse bidirectional overrides, C1 controls and text made
// only of invisible characters, with the usual '<Field> contains characters that are not allowed'.

const {
  clients: { admin },
  classType,
} = withApi({ as: 'admin', clock: () => NOW, classType: 'Hidden Characters Class' });

const HIDDEN: Array<[string, string]> = [
  ['right-to-left override', 'Adam\u202enimdA'],
  ['first-strong isolate', '\u2068Ann\u2069'],
  ['left-to-right mark', 'Ann\u200e'],
  ['Arabic letter mark', '\u061cAnn'],
  ['C1 control', 'Ann\u0085Lee'],
  ['zero-width spaces only', '\u200b\u200b'],
  ['word joiner and BOM only', '\u2060\ufeff\u2060'],
  ['combining marks only', '\u0301\u0301'],
  // Issue 29, item 11: the Unicode line and paragraph separators, refused with the other separators.
  ['line separator', 'Ann\u2028Lee'],
  ['paragraph separator', 'Ann\u2029Lee'],
];

describe('hidden characters in names', () => {
  it('POST /api/admin/users refuses them in the first name', async () => {
    for (const [what, firstName] of HIDDEN) {
      const res = await admin.post('/api/admin/users', { firstName, lastName: 'Lee', email: `hidden-${Math.random().toString(36).slice(2)}@example.com` });
      expect({ what, status: res.status, message: res.body.message }).toEqual({
        what,
        status: 400,
        message: 'firstName: First name contains characters that are not allowed',
      });
    }
    const ok = await admin.post('/api/admin/users', { firstName: 'Zoë', lastName: 'Lee', email: 'zoe-lee@example.com' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('POST /api/admin/sessions refuses them in the location', async () => {
    for (const [what, location] of HIDDEN) {
      const res = await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-11-27T10:00', endsAt: '2026-11-27T11:00', capacity: 10, location });
      expect({ what, status: res.status, message: res.body.message }).toEqual({
        what,
        status: 400,
        message: 'location: Location contains characters that are not allowed',
      });
    }
  });

  it('PUT /api/admin/classes/:id refuses them in the name and the description', async () => {
    const name = await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: '\u202eSSALC', description: null });
    expect({ status: name.status, message: name.body.message }).toEqual({ status: 400, message: 'name: Name contains characters that are not allowed' });
    const description = await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: 'Hidden', description: 'Line one\n\u0085Line two' });
    expect({ status: description.status, message: description.body.message }).toEqual({
      status: 400,
      message: 'description: Description contains characters that are not allowed',
    });
  });

  it('a text that may have lines keeps line feeds but refuses the Unicode line and paragraph separators (issue 29)', async () => {
    for (const separator of ['\u2028', '\u2029']) {
      const res = await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: 'Hidden', description: `Line one${separator}Line two` });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'description: Description contains characters that are not allowed',
      });
    }
    const ok = await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: 'Hidden', description: 'Line one\r\nLine two' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
