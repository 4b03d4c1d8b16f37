import { condition, defineQuery, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';

export const messageSignal = defineSignal<[string]>('message');
export const branchQuery = defineQuery<string>('branch');

const { onMessage, onTimeout } = proxyActivities<{ onMessage(): Promise<string>; onTimeout(): Promise<string> }>({
  startToCloseTimeout: '10 seconds',
});

/** The smallest wait that races a message against its timer, and acts on which came first. */
export async function waitForMessage(timeoutMs: number): Promise<string> {
  const inbox: string[] = [];
  let branch = 'waiting';
  setHandler(messageSignal, (m) => { inbox.push(m); });
  setHandler(branchQuery, () => branch);
  const got = await condition(() => inbox.length > 0, timeoutMs);
  branch = got ? 'message' : 'timeout';
  return got ? onMessage() : onTimeout();
}
