/**
 * Builder state: projects, audiences, contacts and contracts, in memory and per server instance, so writes
 * by one run never leak into another. Seeded from the server seed.
 *
 * Reference-server behaviour (documented for the suite): a NEW audience is answered as created (contactCount
 * 0), and right after that the server imports a few seeded contacts into it, as a contact import would. A test
 * can therefore create an audience, read it (contactCount > 0) and remove contacts from it without touching
 * the seeded audiences.
 */
import type { Hex } from 'viem';
import { NETWORKS } from '../contract/networks.js';
import { nowRfc3339, Prng, rfc3339 } from './data/prng.js';
import type { BuilderActivity } from './types.js';
import { RpcError } from './wire.js';

export interface AudienceRecord {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly createdAt: string;
  updatedAt: string;
}

export interface ContactRecord {
  readonly id: number;
  readonly audienceId: number;
  readonly address: Hex;
  readonly name: string;
  readonly email: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ContractRecord {
  readonly id: number;
  readonly projectId: number;
  readonly audienceId: number;
  readonly contractName: string;
  readonly contractAddress: Hex;
  readonly contractType: string;
  readonly chainId: number;
  readonly source: 'LINKED' | 'DEPLOYED' | 'SALE';
  readonly itemsContractAddress?: Hex;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Contacts the server imports into every audience it creates. */
export const IMPORTED_CONTACTS_PER_NEW_AUDIENCE = 4;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Leslie'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Lamport'];
const SEED_EPOCH = Date.UTC(2024, 2, 1) / 1000;

export class BuilderStore {
  private readonly projects = new Map<number, string>();
  private readonly audiences = new Map<number, AudienceRecord>();
  private readonly contacts = new Map<number, ContactRecord[]>();
  private readonly contracts: ContractRecord[] = [];
  private nextAudienceId = 1;
  private nextContactId = 1;
  private nextContractId = 1;
  /** The seeded audiences, in creation order: what the fixtures name. */
  private readonly seededAudiences: AudienceRecord[] = [];
  private readonly createdAudienceIds: number[] = [];
  private readonly removalTargets: number[] = [];
  private readonly removalContactIds: number[] = [];

  constructor(private readonly seed: number) {
    const rng = new Prng(seed, 'builder');
    this.projects.set(1, 'Reference project one');
    this.projects.set(2, 'Reference project two');
    const seeded: ReadonlyArray<readonly [number, string]> = [
      [1, 'Early supporters'],
      [1, 'Newsletter'],
      [2, 'Holders'],
      // Seeded last, so the audiences above keep their seeded contents whatever is added here.
      [1, 'Waitlist'],
      [1, 'Beta testers'],
      // The bystander (fixtureIds): its contacts are named in removals from other audiences, never removed from it.
      [1, 'Bystanders'],
    ];
    for (const [projectId, name] of seeded) {
      const at = rfc3339(SEED_EPOCH + rng.int(0, 90) * 86_400);
      const audience = this.insertAudience(projectId, name, at);
      this.seededAudiences.push(audience);
      this.importContacts(audience.id, rng.int(3, 6), rng, at);
      for (let i = rng.int(1, 2); i > 0; i--) this.insertContract(audience, rng, at);
    }
  }

  /**
   * The IDs the fixtures name: a project with its first seeded audience (to read), the other seeded audiences
   * of that project (ones the suite may empty: one for each of its removal checks, so that they can run side
   * by side) but the last, and the last as the bystander whose contacts a removal from another audience names.
   */
  get fixtureIds(): {
    projectId: number;
    audienceId: number;
    disposableAudienceIds: number[];
    bystanderAudience: { projectId: number; audienceId: number };
  } {
    const [first, ...rest] = this.seededAudiences as [AudienceRecord, ...AudienceRecord[]];
    const bystander = rest.at(-1)!;
    const disposable = rest.filter((a) => a.projectId === first.projectId && a !== bystander).map((a) => a.id);
    return {
      projectId: first.projectId,
      audienceId: first.id,
      disposableAudienceIds: disposable,
      bystanderAudience: { projectId: bystander.projectId, audienceId: bystander.id },
    };
  }

  /** The project exists, else ProjectNotFound (3002). */
  requireProject(projectId: number): void {
    if (!this.projects.has(projectId)) throw new RpcError('ProjectNotFound', `no project ${projectId}`);
  }

  /** The audience exists in that project, else ProjectNotFound or NotFound (3000). */
  requireAudience(projectId: number, audienceId: number): AudienceRecord {
    this.requireProject(projectId);
    const audience = this.audiences.get(audienceId);
    if (!audience || audience.projectId !== projectId) {
      throw new RpcError('NotFound', `no audience ${audienceId} in project ${projectId}`);
    }
    return audience;
  }

  /** Creates an audience; answers it as created (no contacts yet), then imports seeded contacts into it. */
  createAudience(projectId: number, name: string): { audience: AudienceRecord; contactCount: number } {
    this.requireProject(projectId);
    const now = nowRfc3339();
    const audience = this.insertAudience(projectId, name, now);
    this.createdAudienceIds.push(audience.id);
    const created = { audience: { ...audience }, contactCount: 0 };
    this.importContacts(audience.id, IMPORTED_CONTACTS_PER_NEW_AUDIENCE, new Prng(this.seed, `builder/audience/${audience.id}`), now);
    return created;
  }

  /** Notes the audience a removal request names and the contacts it lists, before they are looked up (BuilderActivity). */
  noteRemoval(audienceId: number, contactIds: readonly number[]): void {
    this.removalTargets.push(audienceId);
    this.removalContactIds.push(...contactIds);
  }

  activity(): BuilderActivity {
    return {
      createdAudienceIds: [...this.createdAudienceIds],
      removalTargets: [...this.removalTargets],
      removalContactIds: [...this.removalContactIds],
    };
  }

  contactsOf(audienceId: number): readonly ContactRecord[] {
    return this.contacts.get(audienceId) ?? [];
  }

  contractsOf(audienceId: number): readonly ContractRecord[] {
    return this.contracts.filter((c) => c.audienceId === audienceId);
  }

  /** Removes the listed contacts of that audience (others are ignored); returns how many went. */
  removeContacts(audience: AudienceRecord, contactIds: readonly number[]): number {
    const current = this.contacts.get(audience.id) ?? [];
    const remove = new Set(contactIds);
    const kept = current.filter((c) => !remove.has(c.id));
    const removed = current.length - kept.length;
    if (removed > 0) {
      this.contacts.set(audience.id, kept);
      audience.updatedAt = nowRfc3339();
    }
    return removed;
  }

  private insertAudience(projectId: number, name: string, at: string): AudienceRecord {
    const audience: AudienceRecord = { id: this.nextAudienceId++, projectId, name, createdAt: at, updatedAt: at };
    this.audiences.set(audience.id, audience);
    this.contacts.set(audience.id, []);
    return audience;
  }

  private importContacts(audienceId: number, count: number, rng: Prng, at: string): void {
    const list = this.contacts.get(audienceId) ?? [];
    for (let i = 0; i < count; i++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const id = this.nextContactId++;
      list.push({
        id,
        audienceId,
        address: rng.address(),
        name: `${first} ${last}`,
        email: `${first}.${last}.${id}@example.com`.toLowerCase(),
        createdAt: at,
        updatedAt: at,
      });
    }
    this.contacts.set(audienceId, list);
  }

  private insertContract(audience: AudienceRecord, rng: Prng, at: string): void {
    const source = rng.pick(['LINKED', 'DEPLOYED', 'SALE'] as const);
    const contractType = source === 'SALE' ? 'ERC721_SALE' : rng.pick(['ERC721', 'ERC1155', 'ERC20']);
    this.contracts.push({
      id: this.nextContractId++,
      projectId: audience.projectId,
      audienceId: audience.id,
      contractName: `${audience.name} ${contractType}`,
      contractAddress: rng.address(),
      contractType,
      chainId: rng.pick(NETWORKS).chainId,
      source,
      ...(source === 'SALE' ? { itemsContractAddress: rng.address() } : {}),
      createdAt: at,
      updatedAt: at,
    });
  }
}
