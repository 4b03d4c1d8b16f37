import type { Command } from '../command.js';
import { agentCommands } from './agents.js';
import { agreementCommands } from './agreements.js';
import { approvalCommands } from './approvals.js';
import { healthCommands } from './health.js';
import { messageCommands } from './messages.js';
import { skuCommands } from './skus.js';

export const commands: Command[] = [...agentCommands, ...skuCommands, ...approvalCommands, ...agreementCommands, ...messageCommands, ...healthCommands];

/** Words that take a subcommand (`agents start`). */
export const groups: ReadonlySet<string> = new Set(commands.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!));
