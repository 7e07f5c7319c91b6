import { describe, expect, it } from 'vitest';
import { Contact, PERSONAL_DATA_FIELDS } from '../../src/contract/resources.js';
import { REDACTED, redactBodyText, redactHeaders, redactPersonalData, redactSecret } from '../../src/report/redact.js';

describe('redaction', () => {
  it('removes the access key header whatever its case', () => {
    expect(redactHeaders({ 'X-Access-Key': 'secret-key', 'Content-Type': 'application/json' })).toEqual({
      'X-Access-Key': REDACTED,
      'Content-Type': 'application/json',
    });
    expect(redactHeaders({ 'x-access-key': 'secret-key' })['x-access-key']).toBe(REDACTED);
  });

  it('removes a key echoed anywhere in a text', () => {
    expect(redactSecret('your key secret-key-123 is wrong', 'secret-key-123')).toBe(`your key ${REDACTED} is wrong`);
  });

  it("removes contacts' name and email but keeps other names", () => {
    const body = {
      audience: { name: 'VIP buyers', contactCount: 1 },
      contacts: [{ id: 1, address: '0xabc', name: 'Alice Example', email: 'alice@example.com' }],
    };
    expect(redactPersonalData(body)).toEqual({
      audience: { name: 'VIP buyers', contactCount: 1 },
      contacts: [{ id: 1, address: '0xabc', name: REDACTED, email: REDACTED }],
    });
  });

  it('takes out exactly the Contact fields the contract calls personal', () => {
    const contact = Object.fromEntries(Object.keys(Contact.properties).map((field) => [field, `value of ${field}`]));
    const [shown] = (redactPersonalData({ contacts: [contact] }) as { contacts: Record<string, unknown>[] }).contacts;
    for (const [field, value] of Object.entries(contact)) {
      expect(shown?.[field], field).toBe((PERSONAL_DATA_FIELDS as readonly string[]).includes(field) ? REDACTED : value);
    }
  });

  it('removes an email wherever a server puts it, and the name beside it', () => {
    const text = JSON.stringify({ debug: { who: { name: 'Bob', email: 'bob@example.com' } } });
    expect(redactBodyText(text, undefined)).not.toMatch(/Bob|bob@example/);
  });

  it('leaves a body that is not JSON as it is, except the key', () => {
    expect(redactBodyText('<html>k-999</html>', 'k-999')).toBe(`<html>${REDACTED}</html>`);
  });
});
