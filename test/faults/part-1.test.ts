import { describeFaultsOfPart } from './fault-table.js';

describeFaultsOfPart(1);
