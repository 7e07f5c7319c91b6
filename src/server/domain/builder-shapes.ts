/** Builder records → the contract's Audience, Contact and Contract resources. */
import type { AudienceT, ContactT, ContractT } from '../../contract/resources.js';
import type { AudienceRecord, ContactRecord, ContractRecord } from '../builder-store.js';

export function toWireAudience(audience: AudienceRecord, contactCount: number): AudienceT {
  return {
    id: audience.id,
    projectId: audience.projectId,
    name: audience.name,
    contactCount,
    createdAt: audience.createdAt,
    updatedAt: audience.updatedAt,
  };
}

export function toWireContact(contact: ContactRecord): ContactT {
  return { ...contact };
}

export function toWireContract(contract: ContractRecord): ContractT {
  return { ...contract };
}
