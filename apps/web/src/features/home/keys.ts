/** The live floor's query key, shared by the page and the socket (kept apart to avoid a cycle). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
