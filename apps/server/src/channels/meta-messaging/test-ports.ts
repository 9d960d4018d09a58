import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { InstagramCredentials, MessengerCredentials } from '@sapa/contracts';
import type { FileStorage } from '../../lib/storage.js';
import { GraphStub } from '../../test/graph-stub.js';
import { InstagramPort } from '../instagram/port.js';
import { MessengerPort } from '../messenger/port.js';
import { GraphClient } from './graph.js';

/** One page with its Instagram account and token, as the port tests address them. */
export const PAGE = '104000000000001';
export const IG = '17840000000000001';
export const TOKEN = 'EAAG-page-token-0001';
export const messengerConfig: MessengerCredentials = { pageId: PAGE, pageAccessToken: TOKEN };
export const instagramConfig: InstagramCredentials = {
  instagramAccountId: IG,
  pageId: PAGE,
  pageAccessToken: TOKEN,
};

export interface PagePorts {
  stub: GraphStub;
  messenger: MessengerPort;
  instagram: InstagramPort;
}

/** The Messenger and Instagram ports on a Graph stand-in (no storage: these tests never download). */
export async function startPagePorts(): Promise<PagePorts> {
  const stub = await new GraphStub().start();
  const graph = new GraphClient(stub.url, 'v21.0');
  return {
    stub,
    messenger: new MessengerPort(graph, {} as FileStorage),
    instagram: new InstagramPort(graph, {} as FileStorage),
  };
}

/**
 * `startPagePorts` for a whole test file: started in `beforeAll`, stopped in `afterAll`, with the
 * stub's calls cleared before each test. The object is filled in by `beforeAll`, so tests read it
 * as they would a `let`.
 */
export function usePagePorts(): PagePorts {
  const ports = {} as PagePorts;
  beforeAll(async () => {
    Object.assign(ports, await startPagePorts());
  });
  afterAll(() => ports.stub.stop());
  beforeEach(() => {
    ports.stub.calls.length = 0;
  });
  return ports;
}
