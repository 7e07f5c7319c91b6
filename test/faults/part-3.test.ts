import { describeFaultsOfPart } from './fault-table.js';

describeFaultsOfPart(3);
