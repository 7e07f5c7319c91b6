/**
 * A fault's memory belongs to the server it breaks: the faults whose hooks remember what they answered (a book
 * changed by a generation, answers counted per request) are run twice in one process, each time against a server
 * of its own, and caught both times. Kept in the fault table instead, the second run's server started with the
 * first run's memory: its book already emptied, the check that reads it found nothing to judge.
 */
import { describe, expect, it } from 'vitest';
import { caught, runAgainst, TABLE_FAULTS } from '../support/fault-run.js';

const REMEMBERING = ['sell-generation-fills-offer', 'cancel-generation-cancels', 'checkout-options-vary'];

describe('a fault that remembers what it answered', () => {
  it.concurrent.each(REMEMBERING)(
    '%s is caught by a second server in the same process too',
    async (name) => {
      const fault = TABLE_FAULTS.find((f) => f.name === name)!;
      expect(fault, name).toBeDefined();
      expect(fault.hooks, 'each server is given hooks of its own').not.toBe(fault.hooks);
      for (const profile of ['full', 'quick'] as const) {
        const { outcome } = await runAgainst(fault, profile);
        expect(caught(fault, outcome.report), `${name}, ${profile} profile, after the other run`).toBe(true);
      }
    },
    240_000,
  );
});
