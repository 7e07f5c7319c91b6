import { describeFaultsOfPart } from './fault-table.js';

describeFaultsOfPart(2);
