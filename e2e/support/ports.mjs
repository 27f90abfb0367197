// The browser run's ports, from one base (E2E_PORT_BASE, default 4173) so that two checkouts on one machine can
// run their browser tests side by side: the journeys' server on base, the mailbox's SMTP on base + 2 and its HTTP
// list on base + 3, the office's server on base + 4.
const base = Number(process.env.E2E_PORT_BASE || 4173);

export const E2E_PORTS = {
  journeys: base,
  smtp: base + 2,
  mailbox: base + 3,
  office: base + 4,
};
