/**
 * The property filters of a collection, computed from its collectibles: INT properties with the range present
 * (min <= max, `values` null), STRING properties with null bounds and the values present (interface.md:
 * "For string-type filters min and max are null and values lists the property values present").
 * An unknown collection has no filters (an empty list).
 */
import { TokenCollectionFilters } from '../../../contract/operations.js';
import type { PropertyFilterT } from '../../../contract/resources.js';
import type { Token } from '../../data/catalog.js';
import { findCollection } from '../../domain/collectibles.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(TokenCollectionFilters, (req, ctx) => {
  const collection = findCollection(ctx.world.catalog(requireNetwork(ctx)), req.contractAddress);
  if (!collection) return { filters: [] };
  return {
    filters: [intFilter('level', collection.tokens), stringFilter('rarity', collection.tokens), stringFilter('color', collection.tokens)],
  };
});

function intFilter(name: 'level', tokens: readonly Token[]): PropertyFilterT {
  const values = tokens.map((t) => t.properties[name]);
  return { name, type: 'INT', min: Math.min(...values), max: Math.max(...values), values: null };
}

function stringFilter(name: 'rarity' | 'color', tokens: readonly Token[]): PropertyFilterT {
  const values = [...new Set(tokens.map((t) => t.properties[name]))].sort();
  return { name, type: 'STRING', min: null, max: null, values };
}
